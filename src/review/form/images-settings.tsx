import { useState } from 'react';
import {
  maxImageBytes,
  uploadFormImage,
  type FormImageQuery,
  type UploadedImage,
} from '#review-api/form.ts';
import { messageOf } from '#review/lib/api.ts';
import { CheckField, IssuesUnder, TextField } from './form-fields.tsx';
import { FormCheck } from './form-check.tsx';
import type { FormEditor } from './use-form-editor.ts';

async function uploadImage(
  file: File,
  use: NonNullable<FormImageQuery['for']>,
): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`${uploadFormImage.path}?for=${use}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => ({}))) as
    UploadedImage | { message?: string };
  if (!response.ok)
    throw new Error(
      ('message' in answer && answer.message) ||
        'The image could not be uploaded. Try again.',
    );
  return answer as UploadedImage;
}

/** The cover images, uploaded here; each needs its alternative text. */
export function ImagesSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  // An upload's outcome, shown beside the place it was for: the logo (null) or a cover's index.
  const [outcome, setOutcome] = useState<{
    at: number | null;
    text: string;
    isError: boolean;
  } | null>(null);
  if (!config) return null;
  const outcomeAt = (at: number | null) => {
    const shown = outcome?.at === at ? outcome : null;
    return (
      <>
        <p role="status">{shown && !shown.isError && shown.text}</p>
        <p role="alert" className="form-editor__issue">
          {shown?.isError && shown.text}
        </p>
      </>
    );
  };
  /** Uploads `file` as the logo (no index) or as the cover at `index`. */
  const onFile = async (index: number | null, file: File | undefined) => {
    if (!file) return;
    if (file.size > maxImageBytes) {
      setOutcome({
        at: index,
        text: 'The image is larger than 10 MB. Make it smaller and try again.',
        isError: true,
      });
      return;
    }
    setOutcome({ at: index, text: 'Uploading…', isError: false });
    try {
      const image = await uploadImage(file, index === null ? 'logo' : 'cover');
      editor.edit((draft) => {
        if (index === null)
          draft.logo = {
            src: image.src,
            width: image.width,
            height: image.height,
            alt: draft.logo?.alt ?? draft.title,
          };
        else
          draft.coverImages[index] = {
            ...image,
            alt: draft.coverImages[index]?.alt ?? '',
          };
      });
      setOutcome({
        at: index,
        text:
          index === null ? 'Logo uploaded.' : `Cover ${index + 1} uploaded.`,
        isError: false,
      });
    } catch (failure) {
      setOutcome({
        at: index,
        text:
          messageOf(failure) === 'Something went wrong. Try again.'
            ? (failure as Error).message
            : messageOf(failure),
        isError: true,
      });
    }
  };
  const { logo } = config;
  return (
    <section className="form-editor__section" aria-labelledby="images-heading">
      <h2 id="images-heading">Logo and cover images</h2>
      <h3>Logo</h3>
      <div className="form-editor__cover">
        {logo && (
          <img
            className="form-editor__logo"
            src={logo.src}
            alt=""
            width={logo.width}
            height={logo.height}
          />
        )}
        <div>
          <label className="form-editor__upload">
            Upload a logo
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(event) => void onFile(null, event.target.files?.[0])}
            />
          </label>
          {outcomeAt(null)}
          {logo && (
            <>
              <TextField
                label="Logo description (the organisation’s name)"
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
                className="form-editor__small"
                onClick={() => editor.edit((draft) => delete draft.logo)}
              >
                Remove the logo
              </button>
            </>
          )}
        </div>
      </div>
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
            draft.coverImages = checked
              ? draft.coverImages.slice(0, 1)
              : [0, 1, 2, 3].map(
                  (index) =>
                    draft.coverImages[index] ??
                    structuredClone(
                      draft.coverImages[0] ?? {
                        src: '/images/cover-0-800.webp',
                        alt: '',
                        width: 1200,
                        height: 1500,
                        sources: [],
                      },
                    ),
                );
          })
        }
      />
      {config.coverImages.map((cover, index) => (
        // The covers are a fixed set of places: their position is their identity.
        <div key={index} className="form-editor__cover">
          <img src={cover.src} alt="" width={96} height={120} />
          <div>
            <label className="form-editor__upload">
              Upload cover {index + 1}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                onChange={(event) =>
                  void onFile(index, event.target.files?.[0])
                }
              />
            </label>
            {outcomeAt(index)}
            <TextField
              label={`Cover ${index + 1} description (alternative text)`}
              path={`coverImages[${index}].alt`}
              value={cover.alt}
              onChange={(value) =>
                editor.edit((draft) => {
                  const target = draft.coverImages[index];
                  if (target) target.alt = value;
                })
              }
            />
          </div>
        </div>
      ))}
    </section>
  );
}
