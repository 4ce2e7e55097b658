import { useCombobox } from 'downshift';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import type { SelectOption } from '#engine/config-schema.ts';
import { interpolate, type Texts } from '#engine/texts.ts';
import { describedBy, labelIdFor, type FieldControlProps } from './field.tsx';

type ComboboxTexts = Pick<
  Texts,
  | 'selectPlaceholder'
  | 'searchPlaceholder'
  | 'noResults'
  | 'removeSelection'
  | 'choiceLimit'
>;

type CommonProps = {
  control: FieldControlProps;
  options: readonly SelectOption[];
  texts: ComboboxTexts;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  autoComplete?: string | undefined;
  /** Shown before each option's name, such as a flag. */
  renderPrefix?: (option: SelectOption) => ReactNode;
  /** The text the closed input shows for the chosen option; the option's name by default. */
  selectedText?: (option: SelectOption) => string;
};

type SingleProps = CommonProps & {
  multiple?: false;
  value: string;
  onChange: (value: string) => void;
};
type MultipleProps = CommonProps & {
  multiple: true;
  value: readonly string[];
  /** Picks beyond the maximum are ignored rather than answered with an error; a note says why. */
  max?: number | undefined;
  onChange: (value: string[]) => void;
};

/** A case-insensitive substring match on the option name. */
function filterOptions(
  options: readonly SelectOption[],
  query: string,
): SelectOption[] {
  const needle = query.trim().toLocaleLowerCase();
  return needle
    ? options.filter((option) =>
        option.name.toLocaleLowerCase().includes(needle),
      )
    : [...options];
}

/**
 * A select with search on Downshift's WAI-ARIA combobox: closed it shows the choice (or 'Select Option'),
 * open it searches ('Search...'). In multi mode clicking an option toggles it.
 */
export function Combobox(props: SingleProps | MultipleProps) {
  const {
    control,
    options,
    texts,
    onBlur,
    inputRef,
    disabled,
    renderPrefix,
    selectedText,
    autoComplete,
  } = props;
  // The search the list is filtered by. The text in the input is Downshift's own state, changed in
  // its reducer at each keystroke: Downshift reports changes from an effect, so an input controlled
  // from React state here would be reset to a stale value while typing is fast, dropping letters.
  const [query, setQuery] = useState('');
  const chosen = props.multiple
    ? props.value
    : props.value
      ? [props.value]
      : [];
  const chosenOptions = chosen.flatMap((value) =>
    options.filter((option) => option.value === value),
  );
  const singleOption = props.multiple ? null : (chosenOptions[0] ?? null);
  const displayText = (option: SelectOption | null) =>
    option ? (selectedText?.(option) ?? option.name) : '';
  const items = useMemo(() => filterOptions(options, query), [options, query]);
  const max = props.multiple ? props.max : undefined;
  const isFull = max !== undefined && chosen.length >= max;
  const limitId = `${control.id}-limit`;

  const toggle = (option: SelectOption) => {
    if (!props.multiple) return;
    if (props.value.includes(option.value))
      props.onChange(props.value.filter((value) => value !== option.value));
    else if (!isFull) props.onChange([...props.value, option.value]);
  };

  const types = useCombobox.stateChangeTypes;
  const {
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    highlightedIndex,
    isOpen,
  } = useCombobox<SelectOption>({
    items,
    inputId: control.id,
    labelId: labelIdFor(control.id),
    itemToString: (option) => option?.name ?? '',
    itemToKey: (option) => option?.value,
    selectedItem: singleOption,
    initialInputValue: displayText(singleOption),
    isItemDisabled: (option) => isFull && !chosen.includes(option.value),
    onInputValueChange: ({ inputValue, isOpen: isOpenNow }) =>
      setQuery(isOpenNow ? (inputValue ?? '') : ''),
    // Open, the input is the search (empty unless opened by typing); closed, it shows the choice.
    stateReducer: (state, { type, changes }) => {
      if (
        props.multiple &&
        (type === types.ItemClick || type === types.InputKeyDownEnter)
      )
        return {
          ...changes,
          isOpen: true,
          highlightedIndex: state.highlightedIndex,
          inputValue: state.inputValue,
        };
      if (changes.isOpen && !state.isOpen && type !== types.InputChange)
        return { ...changes, inputValue: '' };
      // Typing highlights the first match, so Enter picks it; with no match nothing is
      // highlighted, so the input points to no option that is gone.
      if (type === types.InputChange)
        return {
          ...changes,
          highlightedIndex:
            changes.inputValue &&
            filterOptions(options, changes.inputValue).length > 0
              ? 0
              : -1,
        };
      // Leaving picks nothing: only a click or Enter chooses, whatever is highlighted.
      if (type === types.InputBlur)
        return {
          ...changes,
          selectedItem: state.selectedItem,
          inputValue: displayText(props.multiple ? null : state.selectedItem),
        };
      if (!changes.isOpen)
        return {
          ...changes,
          inputValue: displayText(
            props.multiple ? null : (changes.selectedItem ?? null),
          ),
        };
      return changes;
    },
    onStateChange: ({ type, selectedItem }) => {
      if (
        props.multiple &&
        selectedItem &&
        (type === types.ItemClick || type === types.InputKeyDownEnter)
      )
        toggle(selectedItem);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!props.multiple) props.onChange(selectedItem?.value ?? '');
    },
  });

  const prefix = singleOption && !isOpen ? renderPrefix?.(singleOption) : null;
  return (
    <div
      className={`combobox${isOpen ? ' combobox--open' : ''}${disabled ? ' combobox--disabled' : ''}`}
    >
      {props.multiple && chosenOptions.length > 0 && (
        <ul className="combobox__chips">
          {chosenOptions.map((option) => (
            <li key={option.value}>
              <button
                type="button"
                className="combobox__chip"
                disabled={disabled}
                aria-label={interpolate(texts.removeSelection, {
                  name: option.name,
                })}
                onClick={() => toggle(option)}
              >
                {option.name}
                <span aria-hidden="true"> ×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="combobox__control">
        {prefix && <span className="combobox__prefix">{prefix}</span>}
        <input
          {...getInputProps({
            ref: inputRef,
            onBlur,
            disabled,
            'aria-invalid': control['aria-invalid'],
            'aria-required': control['aria-required'],
            'aria-describedby': describedBy(
              control['aria-describedby'],
              isFull && limitId,
            ),
          })}
          autoComplete={autoComplete ?? 'off'}
          dir="auto"
          className={`input combobox__input${prefix ? ' combobox__input--prefixed' : ''}`}
          placeholder={
            isOpen ? texts.searchPlaceholder : texts.selectPlaceholder
          }
        />
        <button
          {...getToggleButtonProps({ disabled })}
          type="button"
          className="combobox__toggle"
          aria-label={texts.selectPlaceholder}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              d="M5 8l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <div className="combobox__popup" hidden={!isOpen}>
        {/* Above the options it greys out, and said as the last one allowed is picked. */}
        {max !== undefined && (
          <p id={limitId} className="combobox__limit" role="status">
            {isFull && interpolate(texts.choiceLimit, { max })}
          </p>
        )}
        <ul
          {...getMenuProps({}, { suppressRefError: true })}
          role="listbox"
          className="combobox__menu"
          aria-multiselectable={props.multiple || undefined}
        >
          {isOpen &&
            items.map((option, index) => {
              const isChosen = chosen.includes(option.value);
              return (
                <li
                  key={option.value}
                  {...getItemProps({ item: option, index })}
                  role="option"
                  aria-selected={isChosen}
                  className={[
                    'combobox__option',
                    highlightedIndex === index &&
                      'combobox__option--highlighted',
                    isChosen && 'combobox__option--chosen',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {renderPrefix?.(option)}
                  <span className="combobox__option-name">{option.name}</span>
                  {isChosen && (
                    <svg
                      className="combobox__check"
                      viewBox="0 0 16 16"
                      width="16"
                      height="16"
                      aria-hidden="true"
                    >
                      <path
                        d="M3 8.5l3.2 3L13 4.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                      />
                    </svg>
                  )}
                </li>
              );
            })}
        </ul>
        {isOpen && items.length === 0 && (
          <p className="combobox__empty" role="status">
            {texts.noResults}
          </p>
        )}
      </div>
    </div>
  );
}
