import {
  cropCaption,
  cropOf,
  cropWarnings,
  cropWarningText,
  previewScreens,
  type Device,
} from './image-fit.ts';

/** Each screen drawn this many CSS pixels wide. */
const drawnWidth: Record<Device, number> = { phone: 120, desktop: 256 };

const deviceWords: Record<Device, string> = {
  phone: 'On a phone',
  desktop: 'On a desktop',
};

/**
 * A cover as the wizard will crop it: a phone with the cover as a band on top and a desktop with
 * the cover on its left, each drawn to scale with the picture covering its box as the wizard does,
 * and a warning in words where the crop is hard.
 */
export function CropPreviews({
  picture,
  name,
}: {
  picture: { src: string; width: number; height: number };
  /** The cover in words, naming the group: "Cover 1". */
  name: string;
}) {
  const warnings = cropWarnings(picture);
  return (
    <div
      className="form-settings__crops"
      role="group"
      aria-label={`${name} as it will show`}
    >
      {(Object.keys(previewScreens) as Device[]).map((device) => {
        const { screen, cover } = previewScreens[device];
        const scale = drawnWidth[device] / screen.width;
        return (
          <figure
            key={device}
            className={`form-settings__crop form-settings__crop--${device}`}
          >
            <div
              className="form-settings__screen"
              style={{
                width: screen.width * scale,
                height: screen.height * scale,
              }}
            >
              <img
                className="form-settings__cropped"
                src={picture.src}
                alt=""
                style={{
                  width: cover.width * scale,
                  height: cover.height * scale,
                }}
              />
            </div>
            <figcaption>
              {deviceWords[device]} ({screen.width} × {screen.height}):{' '}
              {cropCaption(cropOf(picture, cover))}
            </figcaption>
          </figure>
        );
      })}
      {warnings.map((warning) => (
        <p key={warning.device} className="form-settings__warning">
          {cropWarningText(warning)}
        </p>
      ))}
    </div>
  );
}
