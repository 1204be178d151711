import { Icon } from '~/components/icons';

const DO = ['A clear, front-facing photo', 'Only one child in the picture', 'A well-lit image with the full face visible'] as const;
const DONT = ['Blurry photos', 'Hats, masks or filters covering the face', 'Group or cluttered images'] as const;

/** The security promise: the photo is used once and deleted. */
export function PhotoSecurityNote() {
  return (
    <div className="security-note">
      <Icon name="lock" />
      <p>
        <strong>Your photo is safe with us.</strong> It’s sent over a secure connection, used once to draw your child’s pages and deleted
        straight after. We never store it.
      </p>
    </div>
  );
}

export function PhotoTips() {
  return (
    <section className="photo-tips" aria-labelledby="photo-tips-title">
      <h3 id="photo-tips-title">Tips for the best pages</h3>
      <div className="photo-tips__columns">
        <div className="photo-tips__do">
          <h4>Do</h4>
          <ul>
            {DO.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
        <div className="photo-tips__dont">
          <h4>Don't</h4>
          <ul>
            {DONT.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
