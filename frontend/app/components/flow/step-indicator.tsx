export interface Step {
  label: string;
}

/** Numbered steps of a flow; the current one is marked for assistive technology with aria-current="step". */
export function StepIndicator({ steps, current, label = 'Progress' }: { steps: readonly Step[]; current: number; label?: string }) {
  return (
    <nav aria-label={label} className="step-indicator">
      <ol>
        {steps.map((step, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li
              key={step.label}
              className={`step-indicator__step step-indicator__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-indicator__number" aria-hidden="true">
                {number}
              </span>
              <span className="step-indicator__label">
                <span className="visually-hidden">{`Step ${number}: `}</span>
                {step.label}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
