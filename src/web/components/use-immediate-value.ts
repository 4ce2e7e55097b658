import { useEffect, useState } from 'react';

/**
 * A controlled radio or checkbox must show the new choice in the same event: react-hook-form
 * re-renders it only after its asynchronous validation once errors are shown, and React would
 * meanwhile reset the control to the old value. This mirrors the form value in local state.
 */
export function useImmediateValue<T>(
  formValue: T,
  onChange: (value: T) => void,
): [T, (value: T) => void] {
  const [shown, setShown] = useState(formValue);
  useEffect(() => setShown(formValue), [formValue]);
  return [
    shown,
    (value: T) => {
      setShown(value);
      onChange(value);
    },
  ];
}
