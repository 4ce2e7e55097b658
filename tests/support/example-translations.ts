/**
 * The example form's own texts (config/example.wizard.json) in German and Arabic, by the path of
 * each text: what an organisation writes in the editor's Translations view, for the end-to-end
 * run's form in three languages. The product's own messages are not here: they come from its
 * built-in languages.
 */
export const exampleTranslations: Record<
  'de' | 'ar',
  Record<string, string>
> = {
  de: {
    title: 'Bewerbung für Creator · Visit Aldmere Coast',
    'steps.0.name': 'Willkommen',
    'steps.0.heading': 'Willkommen!',
    'steps.0.footer':
      'Fragen zum Programm? Schreiben Sie an creators@visitaldmere.example.',
    'steps.0.blocks.0.data.text':
      'Füllen Sie diese kurze Bewerbung in zwei Schritten aus, um für eine künftige Influencer-Partnerschaft mit Visit Aldmere Coast berücksichtigt zu werden.',
    'steps.1.name': 'Allgemeine Angaben',
    'steps.1.heading': 'Allgemeine Angaben',
    'steps.1.blocks.0.data.label': 'Vorname',
    'steps.1.blocks.1.data.label': 'Nachname',
    'steps.1.blocks.2.data.label': 'Telefonnummer',
    'steps.1.blocks.3.data.label': 'E-Mail-Adresse',
    'steps.1.blocks.4.data.label': 'Land',
    'steps.1.blocks.5.data.label': 'Bundesstaat oder Provinz',
    'steps.1.blocks.5.data.options.sets.US.label': 'Bundesstaat',
    'steps.1.blocks.5.data.options.sets.CA.label': 'Provinz',
    'steps.1.blocks.6.data.label': 'Plattformen, auf denen Sie Inhalte teilen',
    'steps.1.blocks.6.data.hint':
      'Geben Sie mindestens eine Plattform an: Ihren Benutzernamen (keinen Link) und Ihre Anzahl an Followern.',
    'steps.2.name': 'Weitere Angaben',
    'steps.2.heading': 'Weitere Angaben',
    'steps.2.blocks.0.data.label':
      'Welchen inhaltlichen Schwerpunkt oder welches Interesse würden Sie einbringen?',
    'steps.2.blocks.1.data.label': 'Welche Inhalte möchten Sie erstellen?',
    'steps.2.blocks.2.data.label':
      'Welche Unterstützung wünschen Sie sich von uns?',
    'steps.2.blocks.3.data.label': 'Links zu früheren Kampagnen',
    'steps.2.blocks.3.data.hint': 'Gern ein Link pro Zeile.',
    'steps.2.blocks.4.data.label':
      'Haben Sie für Medien geschrieben oder produziert?',
    'steps.2.blocks.4.data.followUp.label': 'Erzählen Sie mehr',
    'steps.2.blocks.5.data.label': 'Waren Sie schon einmal bei uns?',
    'steps.2.blocks.6.data.label':
      'Erzählen Sie uns von der Reise, die Sie planen',
    'steps.2.blocks.7.data.label': 'Bevorzugte Reisedaten',
    'steps.2.blocks.8.data.label': 'Sind Ihre Reisedaten flexibel?',
    'steps.2.blocks.9.data.label':
      'Wer reist mit Ihnen? Namen, Titel und Rollen',
    'steps.2.blocks.10.data.label':
      'Reist ein Assistenztier oder Haustier mit Ihnen?',
    'steps.2.blocks.11.data.label':
      'Nutzt jemand in Ihrer Reisegruppe einen Rollstuhl?',
    'steps.2.blocks.12.data.label':
      'Dürfen wir bei barrierefreien Unterkünften helfen?',
    'steps.2.blocks.13.data.text': 'Notfallkontakt',
    'steps.2.blocks.14.data.label': 'Name des Notfallkontakts',
    'steps.2.blocks.15.data.label': 'Beziehung',
    'steps.2.blocks.16.data.label': 'Telefon',
    'steps.2.blocks.17.data.label':
      'Möchten Sie uns sonst noch etwas mitteilen?',
    'steps.3.name': 'Creator-Hub',
    'steps.3.heading': 'Vielen Dank für Ihre Bewerbung!',
    'steps.3.blocks.0.data.text':
      'Unser Team prüft die Angaben, die Sie von {email} gesendet haben, und meldet sich, wenn sich eine Partnerschaft anbietet. Treten Sie bis dahin unserem Creator-Hub bei.',
    'coverImages.0.alt':
      'Illustration eines rot-weißen Leuchtturms auf einer Klippe über ruhiger See, die Sonne geht zur goldenen Stunde über dem Wasser unter.',
    'coverImages.1.alt':
      'Illustration einer Altstadt am Hang mit bunten Häusern und Terrakottadächern, gekrönt von einem Kirchturm mit Kuppel, darunter ein Blick aufs Meer.',
    'coverImages.2.alt':
      'Illustration schneebedeckter Bergketten, die sich in einem stillen See spiegeln, mit einem roten Kanu auf dem Wasser und hohen Kiefern am Ufer.',
    'coverImages.3.alt':
      'Illustration eines abendlichen Lebensmittelmarkts mit gestreiften Markisen, leuchtenden Papierlaternen und Holzkisten voller frischem Obst und Gemüse.',
    'logo.alt': 'Visit Aldmere Coast',
    'footerLinks.0.title': 'Datenschutzerklärung',
    'footerLinks.1.title': 'Nutzungsbedingungen',
    'buttonText.continue': 'Weiter',
    'buttonText.signIn': 'Anmelden',
    'buttonText.back': 'Zurück',
    submitErrorText:
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es später noch einmal.',
  },
  ar: {
    title: 'طلب انضمام صنّاع المحتوى · Visit Aldmere Coast',
    'steps.0.name': 'مرحبًا',
    'steps.0.heading': 'أهلًا وسهلًا!',
    'steps.0.footer':
      'هل لديك أسئلة عن البرنامج؟ راسلنا على creators@visitaldmere.example.',
    'steps.0.blocks.0.data.text':
      'أكمل هذا الطلب البسيط المكوّن من خطوتين ليُنظر في شراكة مستقبلية مع Visit Aldmere Coast بصفتك صانع محتوى مؤثرًا.',
    'steps.1.name': 'معلومات عامة',
    'steps.1.heading': 'معلومات عامة',
    'steps.1.blocks.0.data.label': 'الاسم الأول',
    'steps.1.blocks.1.data.label': 'اسم العائلة',
    'steps.1.blocks.2.data.label': 'رقم الهاتف',
    'steps.1.blocks.3.data.label': 'البريد الإلكتروني',
    'steps.1.blocks.4.data.label': 'البلد',
    'steps.1.blocks.5.data.label': 'الولاية أو المقاطعة',
    'steps.1.blocks.5.data.options.sets.US.label': 'الولاية',
    'steps.1.blocks.5.data.options.sets.CA.label': 'المقاطعة',
    'steps.1.blocks.6.data.label': 'المنصات التي تنشر عليها محتواك',
    'steps.1.blocks.6.data.hint':
      'املأ منصة واحدة على الأقل: اسم المستخدم (وليس رابطًا) وعدد المتابعين.',
    'steps.2.name': 'تفاصيل إضافية',
    'steps.2.heading': 'تفاصيل إضافية',
    'steps.2.blocks.0.data.label': 'ما زاوية المحتوى أو الاهتمام الذي ستقدّمه؟',
    'steps.2.blocks.1.data.label': 'ما المحتوى الذي تنوي إنتاجه؟',
    'steps.2.blocks.2.data.label': 'ما الدعم الذي تنتظره منا؟',
    'steps.2.blocks.3.data.label': 'روابط حملات سابقة',
    'steps.2.blocks.3.data.hint': 'يكفي رابط واحد في كل سطر.',
    'steps.2.blocks.4.data.label': 'هل سبق أن ساهمت في وسائل إعلام؟',
    'steps.2.blocks.4.data.followUp.label': 'أخبرنا بالمزيد',
    'steps.2.blocks.5.data.label': 'هل زرتنا من قبل؟',
    'steps.2.blocks.6.data.label': 'حدّثنا عن الرحلة التي تفكّر فيها',
    'steps.2.blocks.7.data.label': 'مواعيد السفر المفضّلة',
    'steps.2.blocks.8.data.label': 'هل مواعيدك مرنة؟',
    'steps.2.blocks.9.data.label': 'من يسافر معك؟ الأسماء والألقاب والأدوار',
    'steps.2.blocks.10.data.label': 'هل يرافقك حيوان خدمة أو حيوان أليف؟',
    'steps.2.blocks.11.data.label': 'هل يستخدم أحد من مجموعتك كرسيًا متحركًا؟',
    'steps.2.blocks.12.data.label':
      'هل يمكننا المساعدة في ترتيبات ذوي الإعاقة؟',
    'steps.2.blocks.13.data.text': 'جهة الاتصال في حالات الطوارئ',
    'steps.2.blocks.14.data.label': 'اسم جهة الاتصال للطوارئ',
    'steps.2.blocks.15.data.label': 'صلة القرابة',
    'steps.2.blocks.16.data.label': 'الهاتف',
    'steps.2.blocks.17.data.label': 'هل هناك أي شيء آخر ينبغي أن نعرفه؟',
    'steps.3.name': 'مركز صنّاع المحتوى',
    'steps.3.heading': 'شكرًا لك على تقديم طلبك!',
    'steps.3.blocks.0.data.text':
      'سيراجع فريقنا التفاصيل التي أرسلتها من {email} وسيتواصل معك إن كانت هناك شراكة تستحق النقاش. وفي الأثناء، انضم إلى مركز صنّاع المحتوى لدينا.',
    'coverImages.0.alt':
      'رسم لمنارة حمراء وبيضاء على قمة جرف فوق بحر هادئ، والشمس تغرب فوق الماء في الساعة الذهبية.',
    'coverImages.1.alt':
      'رسم لبلدة قديمة على سفح تل ببيوت ملوّنة وأسقف من الطين المحروق، تعلوها قبة برج كنيسة، وفي الأسفل لمحة من البحر.',
    'coverImages.2.alt':
      'رسم لسلاسل جبلية مكسوّة بالثلج تنعكس في بحيرة ساكنة، وعلى الماء قارب كانوي أحمر وأشجار صنوبر عالية على الشاطئ.',
    'coverImages.3.alt':
      'رسم لسوق طعام مسائي بمظلات مخططة وفوانيس ورقية مضيئة وصناديق خشبية مليئة بالفواكه والخضراوات الطازجة.',
    'logo.alt': 'Visit Aldmere Coast',
    'footerLinks.0.title': 'سياسة الخصوصية',
    'footerLinks.1.title': 'شروط الاستخدام',
    'buttonText.continue': 'متابعة',
    'buttonText.signIn': 'تسجيل الدخول',
    'buttonText.back': 'رجوع',
    submitErrorText: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى لاحقًا.',
  },
};
