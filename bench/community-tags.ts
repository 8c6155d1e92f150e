// The environment tags works are seeded with (style, function and material come from the design
// catalogue the studio shares with the community).
export const ENVIRONMENT_SLUGS = ['urban', 'suburban', 'rural', 'waterfront', 'mountain', 'forest', 'desert', 'campus'];
