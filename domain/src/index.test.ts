import * as domain from './index.js';

describe('@colouring/domain entry point', () => {
  it('answers a whole upload-to-price journey through its one import', async () => {
    const head = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const photo = await domain.validatePhotoFile({ type: 'image/png', size: 4096, name: 'lily.png', head }, () => ({
      width: 640,
      height: 480,
    }));
    expect(photo).toEqual({ ok: true, value: { format: 'png', width: 640, height: 480 } });
    expect(domain.validateChildName('Lily').ok).toBe(true);
    expect(domain.checkPrompt('Lily flying a rocket in space').valid).toBe(true);
    expect(domain.formatPence(domain.priceForScenes(domain.UNLOCK_THRESHOLDS[0]).pence)).toBe('£1.99');
    expect(domain.userMessageFor('Failed to fetch')).toBe('Connection problem. Please check your internet and try again.');
  });

  it('re-exports the scene vocabulary and the levels', () => {
    expect(domain.ACTIVITIES.length).toBeGreaterThan(0);
    expect(domain.COLOURING_LEVELS).toHaveLength(4);
  });
});
