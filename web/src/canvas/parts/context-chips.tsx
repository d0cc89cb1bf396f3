import { FileInput, FileOutput } from 'lucide-react';
import { contextOutputs, type ContextOutput } from '@planvas/shared';

/** Files a step reads (`context_dependencies`) and writes (`context_output`). */
export function ContextChips({ inputs, outputs }: { inputs?: readonly string[] | null; outputs?: ContextOutput | null }) {
  const ins = (inputs ?? []).filter((f) => f.trim() !== '');
  const outs = contextOutputs(outputs);
  if (ins.length === 0 && outs.length === 0) return null;
  return (
    <div className="pv-context">
      {ins.length > 0 && (
        <span className="pv-context__group pv-context__group--in" title={`Reads: ${ins.join(', ')}`} data-testid="context-inputs">
          <FileInput size={11} aria-hidden />
          <span className="pv-context__files">{ins.join(', ')}</span>
        </span>
      )}
      {outs.length > 0 && (
        <span className="pv-context__group pv-context__group--out" title={`Writes: ${outs.join(', ')}`} data-testid="context-outputs">
          <FileOutput size={11} aria-hidden />
          <span className="pv-context__files">{outs.join(', ')}</span>
        </span>
      )}
    </div>
  );
}
