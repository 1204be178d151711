// A photo's two choices, as form controls that post themselves without JavaScript: its difficulty level (the four
// COLOURING_LEVELS) and its aspect (Portrait 3:4 or Landscape 4:3, which is also the page's orientation).
import { COLOURING_LEVELS, PHOTO_ASPECTS, type LevelId, type PhotoAspect } from '@colouring/domain';

export const levelLabel = (id: LevelId) => {
  const level = COLOURING_LEVELS.find((l) => l.id === id) ?? COLOURING_LEVELS[0]!;
  return `${level.id} – ${level.name} (ages ${level.ages})`;
};

interface LevelSelectProps {
  id: string;
  name?: string;
  label: string;
  value?: LevelId;
  defaultValue?: LevelId;
  onChange?: (level: LevelId) => void;
  className?: string;
}

export function LevelSelect({ id, name, label, value, defaultValue, onChange, className }: LevelSelectProps) {
  return (
    <div className={['field', 'level-select', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(Number(event.currentTarget.value) as LevelId) : undefined}
      >
        {COLOURING_LEVELS.map((level) => (
          <option key={level.id} value={level.id}>
            {levelLabel(level.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface AspectChoiceProps {
  name: string;
  value?: PhotoAspect;
  defaultValue?: PhotoAspect;
  onChange?: (aspect: PhotoAspect) => void;
}

export function AspectChoice({ name, value, defaultValue, onChange }: AspectChoiceProps) {
  return (
    <fieldset className="aspect-choice">
      <legend>Page shape</legend>
      <div className="aspect-choice__options">
        {PHOTO_ASPECTS.map((aspect) => (
          <label key={aspect.id} className={`aspect-choice__option aspect-choice__option--${aspect.id}`}>
            <input
              type="radio"
              name={name}
              value={aspect.id}
              checked={value === undefined ? undefined : value === aspect.id}
              defaultChecked={defaultValue === undefined ? undefined : defaultValue === aspect.id}
              onChange={onChange ? () => onChange(aspect.id) : undefined}
            />
            <span className="aspect-choice__shape" aria-hidden="true" />
            {aspect.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
