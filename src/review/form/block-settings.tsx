import { useState, type ReactNode } from 'react';
import type { Block, BlockComponent } from '#engine/config-schema.ts';
import type { BlockOf } from '#engine/block-kinds/answer.ts';
import { CheckField, TextField, useIssuesAt } from './form-fields.tsx';
import { OptionsEditor } from './options-editor.tsx';

/** What each kind's settings edit with: the block, where its data sits, and its changes. */
type SettingsProps<B> = {
  block: B;
  /** The JSON path of the block's data, `steps[1].blocks[2].data`. */
  data: string;
  /** Sets one setting of the block's data; undefined or empty removes it. */
  setData: (key: string, value: unknown) => void;
  /** Sets the question's wording, which a new question's answer key follows. */
  setLabel: (label: string) => void;
};

/** The question's words: what it asks and the hint under it. */
function Wording({
  block,
  data,
  setData,
  setLabel,
}: SettingsProps<{ data: { label: string; hint?: string | undefined } }>) {
  return (
    <>
      <TextField
        label="Question"
        path={`${data}.label`}
        value={block.data.label}
        onChange={setLabel}
      />
      <TextField
        label="Hint"
        path={`${data}.hint`}
        value={block.data.hint}
        onChange={(value) => setData('hint', value)}
      />
    </>
  );
}

function TextSettings({
  block,
  data,
  setData,
  label,
}: SettingsProps<BlockOf<'text' | 'sectionHeading'>> & { label: string }) {
  return (
    <TextField
      label={label}
      path={`${data}.text`}
      value={block.data.text}
      isMultiline={block.component === 'text'}
      onChange={(value) => setData('text', value)}
    />
  );
}

function YesNoSettings(props: SettingsProps<BlockOf<'yesNo'>>) {
  const { block, data, setData } = props;
  const { followUp } = block.data;
  return (
    <>
      <Wording {...props} />
      <CheckField
        label="Ask a follow-up after Yes"
        path={`${data}.followUp`}
        checked={followUp !== undefined}
        onChange={(checked) =>
          setData(
            'followUp',
            checked
              ? { label: 'Tell us more', trigger: true, multiline: true }
              : undefined,
          )
        }
      />
      {followUp && (
        <TextField
          label="Follow-up question"
          path={`${data}.followUp.label`}
          value={followUp.label}
          onChange={(label) => setData('followUp', { ...followUp, label })}
        />
      )}
    </>
  );
}

/**
 * The settings of each block kind, beside its rules and its answer key. Keyed by the engine's
 * kinds: a new kind does not compile until it has its settings here.
 */
const kindSettings: {
  [K in BlockComponent]: (props: SettingsProps<BlockOf<K>>) => ReactNode;
} = {
  text: (props) => <TextSettings {...props} label="Text" />,
  sectionHeading: (props) => <TextSettings {...props} label="Heading" />,
  textInput: (props) => (
    <>
      <Wording {...props} />
      <CheckField
        label="Several lines"
        path={`${props.data}.multiline`}
        checked={props.block.data.multiline}
        onChange={(checked) => props.setData('multiline', checked)}
      />
    </>
  ),
  select: (props) => (
    <>
      <Wording {...props} />
      <OptionsEditor
        block={props.block}
        at={props.data}
        setData={props.setData}
      />
    </>
  ),
  yesNo: YesNoSettings,
  checkbox: Wording,
  phone: Wording,
  platforms: Wording,
};

/** A block's own settings, as its kind has them. */
export function BlockSettings(props: SettingsProps<Block>) {
  const Settings = kindSettings[props.block.component] as (
    props: SettingsProps<Block>,
  ) => ReactNode;
  return <Settings {...props} />;
}

/**
 * Where the answer is stored, behind "Advanced": made from the question while it is new, kept once
 * a version is published, so answers already sent stay with their question. Open by itself when
 * the key has a problem, so the problem list can focus it.
 */
export function AnswerKeyField({
  path,
  value,
  onChange,
}: {
  path: string;
  value: string;
  onChange: (key: string) => void;
}) {
  const hasProblem = useIssuesAt(path).length > 0;
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details
      className="form-editor__advanced"
      open={isOpen || hasProblem}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary>Advanced</summary>
      <TextField
        label="Answer key (where the answer is stored)"
        path={path}
        value={value}
        onChange={onChange}
      />
      <p className="form-editor__note">
        Made from the question until the form is published; from then on it
        stays, so the answers already sent stay with their question. Change it
        only to match another system that reads the answers.
      </p>
    </details>
  );
}
