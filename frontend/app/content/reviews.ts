// Sample reviews shown in the home carousel. Replace them with real, attributed customer reviews before launch:
// UK consumer law forbids publishing reviews that are not genuine.
export interface Review {
  name: string;
  role?: string;
  quote: string;
  stars: 1 | 2 | 3 | 4 | 5;
  avatar: string;
}

export const REVIEWS: readonly Review[] = [
  {
    name: 'Sophie T.',
    role: 'Mum of two',
    quote:
      'My daughter gasped when she saw herself as an astronaut. We printed the whole pack on a rainy Saturday and she has coloured every single page.',
    stars: 5,
    avatar: '/avatars/avatar-1.svg',
  },
  {
    name: 'James R.',
    role: 'Dad',
    quote: 'It honestly took about two minutes on my phone during nap time. No account, no fuss, and the pages were lovely.',
    stars: 5,
    avatar: '/avatars/avatar-2.svg',
  },
  {
    name: 'Priya K.',
    role: 'Reception teacher',
    quote: 'I made a set for a pupil who finds it hard to settle. Seeing his own face in the pictures made all the difference.',
    stars: 5,
    avatar: '/avatars/avatar-3.svg',
  },
  {
    name: 'Margaret H.',
    role: 'Grandmother',
    quote: 'I ordered pages for all four grandchildren. Clear instructions and nothing to sign up for, which is exactly what I wanted.',
    stars: 5,
    avatar: '/avatars/avatar-4.svg',
  },
  {
    name: 'Tom B.',
    role: 'Dad of a dinosaur fan',
    quote: 'The dinosaur pages were the hit of the birthday party. I would love even more scenes, but the ones there are great.',
    stars: 4,
    avatar: '/avatars/avatar-5.svg',
  },
  {
    name: 'Hannah W.',
    role: 'Childminder',
    quote: 'The easy level is perfect for my little ones: big shapes and thick lines. The older children love the detailed pages.',
    stars: 5,
    avatar: '/avatars/avatar-6.svg',
  },
  {
    name: 'Daniel O.',
    role: 'Dad of three',
    quote: 'One page came out a bit dark, so I used the contact form. They fixed it the same day. Really kind service.',
    stars: 5,
    avatar: '/avatars/avatar-7.svg',
  },
  {
    name: 'Chloe M.',
    role: 'Mum',
    quote: 'A lovely keepsake. We took the pages on a long car journey and they kept her happily busy for ages.',
    stars: 4,
    avatar: '/avatars/avatar-8.svg',
  },
];
