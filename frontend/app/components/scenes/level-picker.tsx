import type { LevelId } from '@colouring/domain';
export interface LevelOption {
  id: LevelId;
  name: string;
  ages: string;
  description: string;
}

/** The four difficulty levels as radio cards: real radios with labels, so keyboard and no-JS posts just work. */
export function LevelPicker({
  levels,
  value,
  onChange,
}: {
  levels: readonly LevelOption[];
  value: LevelId;
  onChange: (level: LevelId) => void;
}) {
  return (
    <fieldset className="level-picker">
      <legend className="visually-hidden">Difficulty level</legend>
      {levels.map((level) => (
        <label key={level.id} className="choice-card level-card">
          <input
            type="radio"
            name="level"
            value={level.id}
            checked={value === level.id}
            onChange={() => onChange(level.id)}
            aria-describedby={`level-${level.id}-description`}
          />
          <span className="level-card__name">
            <span className="level-card__number" aria-hidden="true">
              {level.id}
            </span>
            {level.name}
          </span>
          <span id={`level-${level.id}-description`} className="level-card__description">
            Ages {level.ages}. {level.description}.
          </span>
          <LevelSample level={level.id} />
        </label>
      ))}
    </fieldset>
  );
}

// A little drawing that gets busier with the level, so the difference is seen as well as read.
function LevelSample({ level }: { level: number }) {
  const petals = [4, 6, 9, 12][level - 1] ?? 6;
  return (
    <svg className="level-card__sample" viewBox="0 0 60 60" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={level <= 2 ? 3 : 1.6} strokeLinecap="round">
        {Array.from({ length: petals }, (_, i) => {
          const angle = (i / petals) * Math.PI * 2;
          return (
            <ellipse
              key={i}
              cx={30 + Math.cos(angle) * 14}
              cy={30 + Math.sin(angle) * 14}
              rx={level <= 2 ? 9 : 7}
              ry={level <= 2 ? 6 : 4}
              transform={`rotate(${(angle * 180) / Math.PI} ${30 + Math.cos(angle) * 14} ${30 + Math.sin(angle) * 14})`}
            />
          );
        })}
        <circle cx="30" cy="30" r={level <= 2 ? 7 : 5} />
        {level >= 3 ? <circle cx="30" cy="30" r="2" /> : null}
      </g>
    </svg>
  );
}
