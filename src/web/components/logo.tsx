import type { WizardConfig } from '#engine/config-schema.ts';

/** The organisation's logo at its own proportions, in the wizard and in the staff workspace. */
export function Logo({
  logo,
  className,
}: {
  logo: NonNullable<WizardConfig['logo']>;
  className: string;
}) {
  return (
    <img
      className={className}
      src={logo.src}
      alt={logo.alt}
      width={logo.width}
      height={logo.height}
    />
  );
}
