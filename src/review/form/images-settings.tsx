import './settings.css';
import { useId } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  coverFromUpload,
  coversFor,
  coverStepNames,
  logoFromUpload,
} from './cover-images.ts';
import { CropPreviews } from './crop-previews.tsx';
import { CheckField, IssuesUnder, TextField } from './form-fields.tsx';
import { FormCheck } from './form-check.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { logoHeight, logoWarningText, logoWidthOf } from './image-fit.ts';
import type { FormEditor } from './use-form-editor.ts';

type Cover = WizardConfig['coverImages'][number];

/** The logo and the covers: each a drop zone with its description beside it, the covers with their crops. */
export function ImagesSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  const coverSteps = coverStepNames(config);
  return (
    <section
      className="form-editor__section form-settings"
      aria-labelledby="images-heading"
    >
      <h2 id="images-heading">Logo and cover images</h2>
      <h3>Logo</h3>
      <LogoPlace editor={editor} config={config} />
      <FormCheck
        editor={editor}
        name="showLogo"
        label="Show the logo above each step"
      />
      <FormCheck editor={editor} name="centerLogo" label="Centre the logo" />
      <h3>Cover images</h3>
      <IssuesUnder path="coverImages" />
      <CheckField
        label="One cover for every step"
        path="singleCoverImg"
        checked={config.singleCoverImg}
        onChange={(checked) =>
          editor.edit((draft) => {
            draft.singleCoverImg = checked;
            draft.coverImages = coversFor(draft.coverImages, checked);
          })
        }
      />
      {config.coverImages.map((cover, index) => (
        // The covers are a fixed set of places: their position is their identity.
        <CoverPlace
          key={index}
          editor={editor}
          cover={cover}
          index={index}
          steps={coverSteps[index] ?? []}
        />
      ))}
    </section>
  );
}

function CoverPlace({
  editor,
  cover,
  index,
  steps,
}: {
  editor: FormEditor;
  cover: Cover;
  index: number;
  /** The names of the steps it shows on. */
  steps: string[];
}) {
  const headingId = useId();
  const name = `Cover ${index + 1}`;
  return (
    <div
      className="form-settings__image"
      role="group"
      aria-labelledby={headingId}
    >
      <h4 id={headingId}>
        {name}
        <span className="form-settings__image-steps">
          {steps.length > 0
            ? `, on ${steps.join(', ')}`
            : ', on no step of this form'}
        </span>
      </h4>
      <div className="form-settings__image-row">
        <ImageDropZone
          use="cover"
          label={`Upload cover ${index + 1}`}
          doneText={`${name} uploaded.`}
          picture={
            <img
              src={cover.src}
              alt=""
              width={cover.width}
              height={cover.height}
            />
          }
          onUploaded={(image) =>
            editor.edit((draft) => {
              draft.coverImages[index] = coverFromUpload(
                image,
                draft.coverImages[index],
              );
            })
          }
        />
        <div className="form-settings__alt">
          <TextField
            label={`${name} description (alternative text), required`}
            path={`coverImages[${index}].alt`}
            value={cover.alt}
            isMultiline
            onChange={(value) =>
              editor.edit((draft) => {
                const target = draft.coverImages[index];
                if (target) target.alt = value;
              })
            }
          />
          <p className="form-editor__note">
            What the picture shows, for people who cannot see it.
          </p>
        </div>
      </div>
      <CropPreviews picture={cover} name={name} />
    </div>
  );
}

function LogoPlace({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  const { logo } = config;
  const warning = logo ? logoWarningText(logo) : null;
  return (
    <div className="form-settings__image">
      <div className="form-settings__image-row">
        <ImageDropZone
          use="logo"
          label="Upload a logo"
          doneText="Logo uploaded."
          picture={
            logo && (
              // At the height the wizard shows it, on a grey that shows a light logo's edges.
              <img
                className="form-settings__logo"
                src={logo.src}
                alt=""
                width={logoWidthOf(logo)}
                height={logoHeight}
              />
            )
          }
          onUploaded={(image) =>
            editor.edit((draft) => {
              draft.logo = logoFromUpload(image, draft.logo, draft.title);
            })
          }
        />
        {logo && (
          <div className="form-settings__alt">
            <TextField
              label="Logo description (the organisation’s name), required"
              path="logo.alt"
              value={logo.alt}
              onChange={(value) =>
                editor.edit((draft) => {
                  if (draft.logo) draft.logo.alt = value;
                })
              }
            />
            <button
              type="button"
              className="button button--outlined"
              onClick={() => editor.edit((draft) => delete draft.logo)}
            >
              Remove the logo
            </button>
          </div>
        )}
      </div>
      {warning && <p className="form-settings__warning">{warning}</p>}
    </div>
  );
}
