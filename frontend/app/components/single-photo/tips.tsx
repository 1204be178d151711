import { Icon } from '~/components/icons';

// Any photo works (a pet, a family, a house): the tips are about what makes a clear outline, not about a face.
const DO = ['A sharp, well-lit photo', 'One clear subject: a pet, a person, a family or a house', 'A plain or simple background'] as const;
const DONT = ['Blurry or dark photos', 'Busy, cluttered scenes', 'Tiny subjects far away'] as const;

/** The security promise, for any photo: used once to draw its page and deleted. */
export function SinglePhotoSecurityNote() {
  return (
    <div className="security-note">
      <Icon name="lock" />
      <p>
        <strong>Your photos are safe with us.</strong> Each one is sent over a secure connection, used once to draw its colouring page and
        deleted straight after. We never store it.
      </p>
    </div>
  );
}

export function SinglePhotoTips() {
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
