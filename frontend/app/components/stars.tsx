import { Icon } from './icons';

export function Stars({ count, max = 5 }: { count: number; max?: number }) {
  return (
    <span className="stars" role="img" aria-label={`${count} out of ${max} stars`}>
      {Array.from({ length: max }, (_, index) => (
        <Icon key={index} name="star" filled className={index < count ? 'star star--on' : 'star star--off'} />
      ))}
    </span>
  );
}
