import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'aria-label' | 'aria-pressed'> & {
  /** The button's accessible name; also its tooltip unless `title` says more. */
  label: string;
  /** A toggle: `aria-pressed`, and drawn `is-on` while on. */
  pressed?: boolean;
  /** Classes added to `pv-icon-button` (a size, a place in the toolbar). */
  className?: string;
  testId?: string;
};

/** A button that shows only an icon (its children): the name it needs is the label, shown as a tooltip too. */
export function IconButton({ label, title = label, pressed, className, testId, children, ...button }: Props) {
  const classes = ['pv-icon-button', className, pressed ? 'is-on' : ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} data-testid={testId} title={title} aria-label={label} aria-pressed={pressed} {...button}>
      {children}
    </button>
  );
}
