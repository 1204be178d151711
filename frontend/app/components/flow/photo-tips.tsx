import { Icon } from '~/components/icons';

import type { ReactNode } from 'react';

/** A photo of the child (create, dot-to-dot), SPEC's do's and don'ts. */
const CHILD_TIPS = {
  do: ['A clear, front-facing photo', 'Only one child in the picture', 'A well-lit image with the full face visible'],
  dont: ['Blurry photos', 'Hats, masks or filters covering the face', 'Group or cluttered images'],
} as const;

const CHILD_PROMISE = (
  <>
    <strong>Your photo is safe with us.</strong> It’s sent over a secure connection, used once to draw your child’s pages and deleted
    straight after. We never store it.
  </>
);

/** The security promise: the photo is used once and deleted. */
export function PhotoSecurityNote({ children = CHILD_PROMISE }: { children?: ReactNode }) {
  return (
    <div className="security-note">
      <Icon name="lock" />
      <p>{children}</p>
    </div>
  );
}

export function PhotoTips({ tips = CHILD_TIPS }: { tips?: { do: readonly string[]; dont: readonly string[] } }) {
  return (
    <section className="photo-tips" aria-labelledby="photo-tips-title">
      <h3 id="photo-tips-title">Tips for the best pages</h3>
      <div className="photo-tips__columns">
        <div className="photo-tips__do">
          <h4>Do</h4>
          <ul>
            {tips.do.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
        <div className="photo-tips__dont">
          <h4>Don't</h4>
          <ul>
            {tips.dont.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
