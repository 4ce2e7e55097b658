import type { BuiltInLanguage } from './types.ts';

/** The product's own words in German, addressing the applicant as "Sie". */
export const german: BuiltInLanguage = {
  texts: {
    continue: 'Weiter',
    signIn: 'Anmelden',
    back: 'Zurück',
    submitError:
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es später noch einmal.',
    formChanged:
      'Dieses Formular wurde geändert: Bitte sehen Sie sich die neuen Fragen an',
    sending: 'Wird gesendet …',
    selectPlaceholder: 'Bitte auswählen',
    searchPlaceholder: 'Suchen …',
    noResults: 'Keine Treffer',
    yes: 'Ja',
    no: 'Nein',
    required: 'Bitte füllen Sie dieses Feld aus',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    digitsOnly: 'Bitte geben Sie nur Ziffern ein',
    phoneCodeRequired: 'Bitte wählen Sie eine Ländervorwahl',
    phoneSubscriberRequired: 'Bitte geben Sie die Telefonnummer ein',
    phoneText: 'Bitte geben Sie eine gültige Telefonnummer ein',
    zip: 'Bitte geben Sie eine gültige Postleitzahl ein',
    followers: 'Bitte geben Sie eine gültige Zahl ein',
    websiteUrl: 'Bitte geben Sie die Adresse Ihrer Website ein',
    handle: 'Bitte geben Sie nur Ihren Benutzernamen ein',
    selectRequired: 'Bitte wählen Sie eine Option',
    answerRequired: 'Bitte wählen Sie Ja oder Nein',
    tooMany: 'Bitte wählen Sie höchstens {max} aus',
    choiceLimit: 'Sie können bis zu {max} auswählen',
    tooLong: 'Bitte bleiben Sie unter {max} Zeichen',
    unstorableText:
      'Diese Antwort enthält ein unsichtbares Zeichen, das sich nicht speichern lässt. Bitte tippen Sie sie ein, statt sie einzufügen.',
    platformsNone: 'Bitte füllen Sie mindestens eine Plattform aus',
    platformsAllRequired:
      'Bitte füllen Sie alle erforderlichen Plattformen aus',
    platformsOneRequired: 'Bitte füllen Sie die erforderliche Plattform aus',
    handleLabel: 'Benutzername',
    followersLabel: 'Follower',
    urlLabel: 'Website-Adresse',
    monthlyTrafficLabel: 'Besucher pro Monat',
    callingCodeLabel: 'Ländervorwahl',
    phoneNumberLabel: 'Telefonnummer',
    progressLabel: 'Fortschritt Ihrer Bewerbung',
    stepCompleted: 'abgeschlossen',
    removeSelection: '{name} entfernen',
    honeypotLabel: 'Dieses Feld bitte leer lassen',
    opensInNewTab: '(öffnet in einem neuen Tab)',
    language: 'Sprache',
    pageError: 'Auf dieser Seite ist etwas schiefgelaufen.',
    pageErrorDetail:
      'Ihre Antworten bleiben erhalten. Laden Sie die Seite neu, um dort weiterzumachen, wo Sie aufgehört haben.',
    reload: 'Seite neu laden',
    lengthCounter: '{count} von {max} Zeichen',
    pasteCut: 'Der eingefügte Text wurde auf {max} Zeichen gekürzt.',
    attentionOne: 'Bitte prüfen Sie eine Antwort: {names}.',
    attentionMany: 'Bitte prüfen Sie {count} Antworten: {names}.',
    callsHeading: 'Offene Ausschreibungen',
    callsIntro:
      'Wählen Sie eine Ausschreibung und bewerben Sie sich: Jede hat ihre eigenen Termine und ihr eigenes Formular.',
    callCloses: 'Bewerbungsschluss: {date}',
    callOpenEnded: 'Bis auf Weiteres geöffnet',
    noOpenCalls:
      'Derzeit gibt es keine offenen Ausschreibungen. Neue erscheinen auf dieser Seite – schauen Sie bald wieder vorbei.',
    callClosed:
      'Die Bewerbungsfrist für diese Ausschreibung ist abgelaufen. Vielen Dank für Ihr Interesse.',
    callScheduled:
      'Bewerbungen für diese Ausschreibung sind ab {date} möglich.',
    seeOpenCalls: 'Zu den offenen Ausschreibungen',
    botCheckFailed:
      'Wir konnten nicht bestätigen, dass hier ein Mensch sendet. Ihre Antworten bleiben erhalten: Bitte klicken Sie noch einmal auf die Schaltfläche.',
    followApplication:
      'Sehen Sie, wo Ihre Bewerbung steht, ziehen Sie sie zurück oder nehmen Sie Ihre Daten mit',
    'status.received': 'Eingegangen',
    'status.in_review': 'In Prüfung',
    'status.accepted': 'Angenommen',
    'status.declined': 'Diesmal nicht',
    'status.withdrawn': 'Zurückgezogen',
    saveLater: 'Speichern und später weitermachen',
    saveLaterIntro:
      'Wir schicken Ihnen einen Link per E-Mail, der Ihre Antworten zurückholt – so können Sie auf jedem Gerät weitermachen.',
    saveLaterEmail: 'E-Mail-Adresse',
    saveLaterSend: 'Link zusenden',
    saveLaterSent:
      'Wir haben einen Link an {email} geschickt. Er gilt 30 Tage lang, auf jedem Gerät.',
    saveLaterFailed:
      'Der Link konnte nicht gesendet werden. Ihre Antworten sind noch da: Bitte versuchen Sie es gleich noch einmal.',
    close: 'Schließen',
    resumeGone:
      'Dieser Link zu gespeicherten Antworten funktioniert nicht mehr: Er ist abgelaufen, ein neuerer hat ihn ersetzt oder die Bewerbung wurde schon gesendet. Sie können hier neu beginnen.',
    resumeFailed:
      'Ihre gespeicherten Antworten konnten nicht geladen werden. Öffnen Sie den Link aus der E-Mail bitte gleich noch einmal.',
  },
  templates: {
    receipt: {
      subject: 'Ihre Bewerbung ist bei uns, {firstName}',
      button: 'Zum Creator-Hub',
      body: 'Hallo {firstName},\n\nvielen Dank für Ihre Bewerbung bei {organisation}. Sie ist gut bei uns angekommen.\n\nWie es weitergeht: Unser Team liest jede Bewerbung, und wir schreiben Ihnen an diese Adresse, sobald wir entschieden haben – meist innerhalb von zwei Wochen. Sie müssen nichts weiter tun.\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
    accepted: {
      subject: 'Willkommen an Bord, {firstName}',
      button: 'Zum Creator-Hub',
      body: 'Hallo {firstName},\n\nIhre Bewerbung hat uns begeistert, und wir freuen uns sehr auf die Zusammenarbeit mit Ihnen. Jemand aus dem Team von {organisation} meldet sich in den nächsten Tagen bei Ihnen, um über Termine, Ideen und unser Angebot zu sprechen.\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
    declined: {
      subject: 'Ihre Bewerbung bei {organisation}',
      button: 'Zum Creator-Hub',
      body: 'Hallo {firstName},\n\nvielen Dank für die Zeit, die Sie sich für Ihre Bewerbung genommen haben. Wir haben sie sorgfältig gelesen und uns diesmal gegen eine Zusammenarbeit entschieden: Wir hatten weit mehr Bewerbungen als Plätze und haben Creator gewählt, deren Publikum am besten zu den Plänen dieser Saison passt.\n\nDas ist kein Urteil über Ihre Arbeit. Wir planen jede Saison neue Kampagnen, und Sie sind herzlich eingeladen, sich wieder zu bewerben.\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
    meLink: {
      subject: 'Ihr Link zu Ihren Bewerbungen bei {organisation}',
      button: 'Meine Bewerbungen ansehen',
      body: 'Hallo,\n\nhier ist der Link, den Sie angefordert haben: Er zeigt jede Bewerbung, die Sie an {organisation} geschickt haben, und wo sie steht. Er funktioniert einmal, innerhalb der nächsten 30 Minuten.\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Es ändert sich nichts.\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
    resumeLink: {
      subject: 'Ihre Bewerbung bei {organisation}, für später gespeichert',
      button: 'Bewerbung fortsetzen',
      body: 'Hallo,\n\nIhre Antworten zu {callTitle} sind gespeichert. Über den Link unten machen Sie dort weiter, wo Sie aufgehört haben, auf jedem Gerät. Er gilt 30 Tage; sobald Sie Ihre Bewerbung gesendet haben, brauchen Sie ihn nicht mehr.\n\nWenn Sie diese E-Mail nicht angefordert haben, können Sie sie ignorieren.\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
    alreadyApplied: {
      subject: 'Sie haben sich bereits für {callTitle} beworben',
      button: 'Meine Bewerbung ansehen',
      body: 'Hallo {firstName},\n\nIhre Bewerbung für {callTitle} liegt uns schon vor, Sie müssen also nichts mehr senden: Unser Team liest von jeder Person eine Bewerbung pro Ausschreibung, und zwar die zuerst gesendete.\n\nIhre Bewerbung und ihren Stand sehen Sie auf Ihrer eigenen Seite:\n{myPageUrl}\n\nHerzliche Grüße\nIhr Team von {organisation}',
    },
  },
  applicantPage: {
    heading: 'Ihre Bewerbungen',
    signInIntro:
      'Geben Sie die E-Mail-Adresse ein, mit der Sie sich beworben haben: Wir schicken Ihnen einen Link, unter dem Sie sehen, wo Ihre Bewerbungen stehen.',
    emailLabel: 'Ihre E-Mail-Adresse',
    sendLink: 'Link zusenden',
    sending: 'Wird gesendet …',
    linkSent:
      'Falls sich jemand mit dieser Adresse beworben hat, ist ein Link zu den Bewerbungen unterwegs. Er funktioniert einmal, 30 Minuten lang.',
    emailInvalid:
      'Geben Sie die E-Mail-Adresse ein, mit der Sie sich beworben haben, etwa name@example.com.',
    tooMany:
      'Sie haben in kurzer Zeit mehrere Links angefordert. Warten Sie bitte ein paar Minuten und versuchen Sie es dann noch einmal.',
    networkError:
      'Wir erreichen den Server nicht. Prüfen Sie Ihre Verbindung und versuchen Sie es dann noch einmal.',
    failed:
      'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.',
    openIntro:
      'Ihr Link ist bereit. Er funktioniert einmal: Klicken Sie auf die Schaltfläche, um Ihre Bewerbungen zu sehen.',
    open: 'Meine Bewerbungen öffnen',
    opening: 'Wird geöffnet …',
    linkUsed:
      'Dieser Link wurde schon verwendet oder ist abgelaufen. Fordern Sie unten einen neuen an.',
    sessionEnded:
      'Sie wurden abgemeldet, wie nach einem Tag üblich. Fordern Sie einen neuen Link an, um Ihre Bewerbungen wieder zu sehen.',
    signedOut: 'Sie sind abgemeldet.',
    loading: 'Ihre Bewerbungen werden geladen …',
    signedInAs: 'Angemeldet als {email}',
    received: 'Eingegangen am {date}',
    none: 'Von dieser Adresse liegen noch keine Bewerbungen vor.',
    seeOpenCalls: 'Zu den offenen Ausschreibungen',
    withdraw: 'Zurückziehen',
    withdrawTitle: 'Ihre Bewerbung für {call} zurückziehen?',
    withdrawText:
      'Das Team berücksichtigt sie dann nicht mehr und erfährt, dass Sie sie zurückgezogen haben. Das lässt sich nicht rückgängig machen.',
    withdrawConfirm: 'Meine Bewerbung zurückziehen',
    withdrawn: 'Ihre Bewerbung ist zurückgezogen.',
    erase: 'Löschen',
    eraseTitle: 'Ihre Bewerbung für {call} löschen?',
    eraseText:
      'Alle Antworten darin, ihr Verlauf und die E-Mails dazu werden gelöscht, und das Team kann sie nicht mehr sehen. Laden Sie vorher Ihre Daten herunter, wenn Sie eine Kopie möchten.',
    eraseConfirm: 'Ja, löschen',
    eraseAgainTitle: 'Ihre Bewerbung für {call} wirklich löschen?',
    eraseAgainText: 'Das lässt sich nicht rückgängig machen.',
    eraseAgainConfirm: 'Endgültig löschen',
    erased: 'Ihre Bewerbung für {call} wurde gelöscht.',
    cancel: 'Abbrechen',
    download: 'Meine Daten herunterladen',
    signOut: 'Abmelden',
    noScript:
      'Diese Seite braucht JavaScript, um Ihre Bewerbungen zu zeigen. Bitte schalten Sie es ein und laden Sie die Seite dann neu.',
  },
  emailLines: {
    myPage: 'Hier sehen Sie, wo Ihre Bewerbung steht: {url}',
  },
};
