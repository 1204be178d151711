/** A native <progress>, so it shows (and is announced) without JavaScript too; the label names what is progressing. */
export function ProgressBar({ id, label, value, max = 100 }: { id: string; label: string; value: number | null; max?: number }) {
  const clamped = value === null ? null : Math.min(Math.max(Math.round(value), 0), max);
  return (
    <div className="progress">
      <div className="progress__label">
        <label htmlFor={id}>{label}</label>
        {clamped === null ? null : <span aria-hidden="true">{`${Math.round((clamped / max) * 100)}%`}</span>}
      </div>
      {clamped === null ? <progress id={id} max={max} /> : <progress id={id} max={max} value={clamped} />}
    </div>
  );
}
