// The photos of the draft order kept on the server, as the page shows them without JavaScript: each page's line art,
// its number, aspect and level (a select with Update), Remove, and 'Apply to all photos'. Every button posts the page's
// form with its intent (forms/single-photo.ts); the answer is the page again with a toast.
import { COLOURING_LEVELS, PHOTO_ASPECTS, type SinglePhotoView } from '@colouring/domain';
import { Form } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { intentValue, levelFieldOf } from '~/forms/single-photo';
import { LevelSelect } from './choices';

export const artUrlOf = (photo: Pick<SinglePhotoView, 'id' | 'level'>) =>
  `/single-photo/art/${encodeURIComponent(photo.id)}.png?level=${photo.level}`;

export function DraftList({ photos }: { photos: readonly SinglePhotoView[] }) {
  const allLevel = photos[0]?.level ?? COLOURING_LEVELS[1]!.id;
  return (
    <Form method="post" className="draft-list" aria-labelledby="draft-title">
      <h2 id="draft-title" className="flow-step__title">
        <span className="flow-step__number" aria-hidden="true">
          2
        </span>
        Your photos ({photos.length})
      </h2>
      <ol className="draft-list__photos">
        {photos.map((photo) => {
          const aspect = PHOTO_ASPECTS.find((a) => a.id === photo.aspect);
          return (
            <li key={photo.id} className="draft-photo">
              <img
                src={artUrlOf(photo)}
                alt={`Colouring page ${photo.number}, line art`}
                className={`draft-photo__art draft-photo__art--${photo.aspect}`}
                width={photo.aspect === 'landscape' ? 160 : 120}
                height={photo.aspect === 'landscape' ? 120 : 160}
                loading="lazy"
              />
              <div className="draft-photo__details">
                <p className="draft-photo__name">
                  Photo {photo.number}
                  <span className="draft-photo__aspect">{aspect?.label}</span>
                </p>
                <div className="draft-photo__level">
                  <LevelSelect
                    id={levelFieldOf(photo.id)}
                    name={levelFieldOf(photo.id)}
                    label={`Level of photo ${photo.number}`}
                    defaultValue={photo.level}
                  />
                  <Button variant="secondary" size="small" name="intent" value={intentValue({ type: 'level', photoId: photo.id })}>
                    Update level<span className="visually-hidden"> of photo {photo.number}</span>
                  </Button>
                </div>
                <Button variant="ghost" size="small" name="intent" value={intentValue({ type: 'remove', photoId: photo.id })}>
                  Remove<span className="visually-hidden"> photo {photo.number}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {photos.length > 1 ? (
        <div className="draft-list__all">
          <LevelSelect id="allLevel" name="allLevel" label="One level for every photo" defaultValue={allLevel} />
          <Button variant="secondary" size="small" name="intent" value={intentValue({ type: 'apply-all' })}>
            Apply to all photos
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
