// Any photo works (a pet, a family, a house): the tips are about what makes a clear outline, not about a face.
import { PhotoSecurityNote, PhotoTips } from '~/components/flow/photo-tips';

const ANY_PHOTO_TIPS = {
  do: ['A sharp, well-lit photo', 'One clear subject: a pet, a person, a family or a house', 'A plain or simple background'],
  dont: ['Blurry or dark photos', 'Busy, cluttered scenes', 'Tiny subjects far away'],
} as const;

/** The security promise, for any photo: used once to draw its page and deleted. */
export function SinglePhotoSecurityNote() {
  return (
    <PhotoSecurityNote>
      <strong>Your photos are safe with us.</strong> Each one is sent over a secure connection, used once to draw its colouring page and
      deleted straight after. We never store it.
    </PhotoSecurityNote>
  );
}

export function SinglePhotoTips() {
  return <PhotoTips tips={ANY_PHOTO_TIPS} />;
}
