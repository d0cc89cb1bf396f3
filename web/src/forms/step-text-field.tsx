import { TextField } from './fields';
import { useStepUpdate } from './use-step-update';

/** A step's own keys, without the index signature that keeps the fields planvas does not know. */
type KnownKey<S> = keyof { [K in keyof S as string extends K ? never : K]: S[K] };

/** The keys of a step that hold text (absent or null shows as an empty field). */
type TextKey<S> = { [K in KnownKey<S>]-?: NonNullable<S[K]> extends string ? K : never }[KnownKey<S>] & string;

type Props<S, K> = {
  step: S;
  field: K;
  label: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  testId?: string;
  /** Empty or blank text removes the field instead of writing "" (a field whose absence means "the default"). */
  blankRemoves?: boolean;
};

/**
 * A text field of the inspector bound to one text field of a step: it shows the step's value and
 * writes every keystroke through the store, coalesced under the field's name so that a run of
 * typing is one undo step.
 */
export function StepTextField<S extends { id: string }, K extends TextKey<S>>({ step, field, blankRemoves = false, ...shown }: Props<S, K>) {
  const { update } = useStepUpdate(step.id);
  const value = step[field] as string | null | undefined;
  return <TextField {...shown} value={value ?? ''} onChange={(text) => update({ [field]: blankRemoves && text.trim() === '' ? undefined : text }, field)} />;
}
