import { useId, useState, type DragEvent, type ReactNode } from 'react';
import type { UploadedImage } from '#review-api/form.ts';
import { acceptedImageTypes, type ImageUse } from './image-upload.ts';
import { useImageUpload } from './use-image-upload.ts';

/**
 * A place for one picture: the current one, a file dropped on it or chosen with its button (a real
 * file input, so the keyboard and screen readers reach it), and the upload's progress and outcome
 * shown here, where it was dropped.
 */
export function ImageDropZone({
  use,
  label,
  doneText,
  picture,
  onUploaded,
}: {
  use: ImageUse;
  /** The file button's words: "Upload cover 1". */
  label: string;
  /** Said once the picture is in place: "Cover 1 uploaded." */
  doneText: string;
  /** The current picture, or null. */
  picture: ReactNode;
  onUploaded: (image: UploadedImage) => void;
}) {
  const inputId = useId();
  const { state, upload } = useImageUpload(use, onUploaded);
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };
  const isBusy = state.kind === 'sending' || state.kind === 'processing';
  return (
    <div
      className={`form-settings__drop${isOver ? ' form-settings__drop--over' : ''}`}
      aria-busy={isBusy}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <div className="form-settings__current">{picture}</div>
      <p className="form-settings__drop-hint">
        Drop a JPEG, PNG, WebP or AVIF picture here (up to 10 MB), or
      </p>
      <input
        id={inputId}
        type="file"
        className="form-settings__file"
        accept={acceptedImageTypes}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again after a refusal sends it again.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <label htmlFor={inputId} className="button button--outlined">
        {label}
      </label>
      {state.kind === 'sending' && (
        <progress
          className="form-settings__progress"
          max={100}
          value={state.percent}
          aria-label={`${label}: sent so far`}
        />
      )}
      <p role="status" className="form-settings__outcome">
        {state.kind === 'sending' && `Uploading… ${state.percent}%`}
        {state.kind === 'processing' &&
          'Sent. The server is making the sizes the form shows…'}
        {state.kind === 'done' && doneText}
      </p>
      <p role="alert" className="form-editor__issue">
        {state.kind === 'failed' &&
          `${state.text}${picture ? ' The current picture is kept.' : ''}`}
      </p>
    </div>
  );
}
