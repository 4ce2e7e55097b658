import { FormPreview } from '#web/preview/form-preview.tsx';

/** The preview frame's page: the wizard alone, showing what the editor beside it posts. */
export function FormPreviewPage() {
  return <FormPreview />;
}
