import type { Step, WizardConfig } from '#engine/config-schema.ts';
import type { Texts } from '#engine/texts.ts';

/** The step's footer text and the configuration's links, which open in a new tab and say so. */
export function WizardFooter({
  config,
  step,
  texts,
}: {
  config: WizardConfig;
  step: Step | undefined;
  texts: Texts;
}) {
  const links = config.footerLinks;
  if (!step?.footer && links.length === 0) return null;
  return (
    <footer
      className={`wizard__footer${config.centerFooterText ? ' wizard__footer--centered' : ''}`}
    >
      {step?.footer && <p className="wizard__footer-text">{step.footer}</p>}
      {links.length > 0 && (
        <ul className="wizard__footer-links">
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
                <span className="visually-hidden"> {texts.opensInNewTab}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}
