import { useFormContext } from 'react-hook-form';
import { afterPointerRelease } from './after-pointer-release.ts';

/**
 * The blur handling of a form control: react-hook-form marks it touched and validates it once the
 * pointer is released, and the verdict shows at once, since only typing waits for a pause.
 */
export function useLeave(path: string): (markLeft: () => unknown) => void {
  const { trigger } = useFormContext();
  return (markLeft) =>
    afterPointerRelease(() => {
      void Promise.resolve(markLeft()).then(() => trigger(path));
    });
}
