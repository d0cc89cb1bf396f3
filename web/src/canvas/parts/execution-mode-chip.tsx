import { Code, Sparkles } from 'lucide-react';
import type { ExecutionModeBadge } from '../../flow/execution-mode';

/**
 * The declared execution mode, as the seed system's canvas shows it: a small chip in the header
 * (scripted runs the learned script, agentic the agent), the runtime's reason as its tooltip.
 */
export function ExecutionModeChip({ mode }: { mode: ExecutionModeBadge }) {
  const Icon = mode.canonical === 'scripted' ? Code : Sparkles;
  const older = mode.older ? ` (older name of ${mode.canonical})` : '';
  const title = `Execution mode: ${mode.mode}${older}${mode.reason ? ` — ${mode.reason}` : ''}`;
  return (
    <span className={`pv-mode pv-mode--${mode.canonical}`} data-testid="execution-mode" data-mode={mode.mode} title={title} aria-label={title}>
      <Icon size={10} aria-hidden />
      {mode.mode}
    </span>
  );
}
