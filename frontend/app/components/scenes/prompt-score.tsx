import { checkPrompt, type PromptColour } from '@colouring/domain';

const VERDICT: Record<PromptColour, string> = {
  green: 'Great scene!',
  yellow: 'Good – could be even better',
  red: 'Needs a few changes',
};

/** The prompt checker's live verdict: score and colour (with words, not colour alone), issues, suggestions and tips. */
export function PromptScore({ text, id }: { text: string; id: string }) {
  if (text.trim() === '') {
    return (
      <div className="prompt-score prompt-score--empty" id={id}>
        <p className="prompt-score__headline" aria-live="polite" aria-atomic="true">
          Your scene’s score appears here as you describe it.
        </p>
      </div>
    );
  }
  const result = checkPrompt(text);
  return (
    <div className={`prompt-score prompt-score--${result.colour}`} id={id}>
      <p className="prompt-score__headline" aria-live="polite" aria-atomic="true">
        <strong>Scene score: {result.score}/100</strong> – {VERDICT[result.colour]}
      </p>
      <div
        className="prompt-score__bar"
        role="meter"
        aria-label="Scene score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={result.score}
        aria-valuetext={`${result.score} out of 100, ${VERDICT[result.colour]}`}
      >
        <span style={{ width: `${result.score}%` }} />
      </div>
      {result.issues.length > 0 ? (
        <>
          <p className="prompt-score__heading">To look at</p>
          <ul className="prompt-score__list prompt-score__list--issues">
            {result.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </>
      ) : null}
      {result.suggestions.length > 0 ? (
        <>
          <p className="prompt-score__heading">Suggestions</p>
          <ul className="prompt-score__list">
            {result.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </>
      ) : null}
      {result.tips.length > 0 ? (
        <>
          <p className="prompt-score__heading">Tips</p>
          <ul className="prompt-score__list">
            {result.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
