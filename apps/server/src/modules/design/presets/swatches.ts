/**
 * The shipped thumbnails of style and material tags, drawn as small SVG scenes and surfaces so
 * they can be made again (`node apps/server/src/modules/design/presets/make-swatches.ts`) and
 * reviewed as code. Operators who want photographs put their own files in <DATA_DIR>/presets.
 */

const SWATCH_WIDTH = 192;
const SWATCH_HEIGHT = 144;
const W = SWATCH_WIDTH;
const H = SWATCH_HEIGHT;

/** A small deterministic generator, so a swatch is the same every time it is made. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const svg = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

/** Fine noise laid over a surface (concrete pores, plaster trowel marks, brushed metal). */
const noise = (id: string, freq: string, opacity: number, seed = 3) =>
  `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="3" seed="${seed}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer></filter>`;

const rect = (fill: string, extra = '') => `<rect width="${W}" height="${H}" fill="${fill}" ${extra}/>`;

/** Wood: planks with wavy grain lines in the wood's darker tone. */
function wood(seed: number, base: string, grain: string, light: string, plank = 48) {
  const r = prng(seed);
  let body = rect(base);
  for (let x = 0; x < W; x += plank) {
    const shade = r() * 0.18;
    body += `<rect x="${x}" y="0" width="${plank}" height="${H}" fill="${r() > 0.5 ? light : grain}" opacity="${shade}"/>`;
    for (let i = 0; i < 9; i++) {
      const gx = x + 3 + r() * (plank - 6);
      const a = (r() - 0.5) * 6;
      const b = (r() - 0.5) * 6;
      body += `<path d="M${gx.toFixed(1)} 0 C ${(gx + a).toFixed(1)} ${H / 3} ${(gx + b).toFixed(1)} ${(2 * H) / 3} ${(gx + a / 2).toFixed(1)} ${H}" stroke="${grain}" stroke-width="${(0.6 + r()).toFixed(1)}" fill="none" opacity="${(0.35 + r() * 0.4).toFixed(2)}"/>`;
    }
    body += `<rect x="${x + plank - 1}" y="0" width="1.2" height="${H}" fill="${grain}" opacity="0.8"/>`;
  }
  return svg(body + rect('#000', 'filter="url(#n)" opacity="0.25"'), noise('n', '0.9 0.05', 0.5));
}

const MATERIAL_SWATCHES: Record<string, () => string> = {
  concrete: () => {
    let body = rect('#a4a29c') + rect('#000', 'filter="url(#n)" opacity="0.45"');
    for (let y = 36; y < H; y += 36) body += `<rect x="0" y="${y}" width="${W}" height="1" fill="#7d7b76"/>`;
    for (let y = 18; y < H; y += 36)
      for (let x = 24; x < W; x += 48) body += `<circle cx="${x}" cy="${y}" r="2.4" fill="#6a6864"/>`;
    return svg(body, noise('n', '0.6', 0.55));
  },
  oak: () => wood(11, '#d4b07c', '#a67c48', '#ecd2a6'),
  walnut: () => wood(12, '#6b4429', '#3f2514', '#946345'),
  timber: () => {
    const r = prng(13);
    let body = rect('#b07a45');
    for (let y = 0; y < H; y += 18) {
      const tone = ['#b9834d', '#a46f3c', '#c28d58', '#9c6936'][Math.floor(r() * 4)];
      body += `<rect x="0" y="${y}" width="${W}" height="17" fill="${tone}"/><rect x="0" y="${y + 17}" width="${W}" height="1.4" fill="#5e3a1b"/>`;
    }
    return svg(body + rect('#000', 'filter="url(#n)" opacity="0.3"'), noise('n', '0.02 0.8', 0.5));
  },
  glass: () =>
    svg(
      rect('url(#g)') +
        `<path d="M-20 144 L60 0 L92 0 L12 144Z" fill="#fff" opacity="0.28"/><path d="M40 144 L120 0 L132 0 L52 144Z" fill="#fff" opacity="0.22"/>` +
        [64, 128].map((x) => `<rect x="${x - 2}" y="0" width="4" height="${H}" fill="#26323d"/>`).join('') +
        `<rect x="0" y="70" width="${W}" height="4" fill="#26323d"/>`,
      `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bcd9ee"/><stop offset="0.55" stop-color="#6f9fc4"/><stop offset="1" stop-color="#2f5878"/></linearGradient>`,
    ),
  brick: () => {
    const r = prng(21);
    let body = rect('#d6ccbf');
    const tones = ['#a4553a', '#b2603f', '#94492f', '#b86a4a', '#8e4430'];
    for (let row = 0, y = 0; y < H; row++, y += 18) {
      for (let x = row % 2 ? -22 : 0; x < W; x += 44)
        body += `<rect x="${x + 1.5}" y="${y + 1.5}" width="41" height="15" fill="${tones[Math.floor(r() * tones.length)]}"/>`;
    }
    return svg(body + rect('#000', 'filter="url(#n)" opacity="0.3"'), noise('n', '0.7', 0.5));
  },
  marble: () => {
    const r = prng(31);
    let veins = '';
    for (let i = 0; i < 6; i++) {
      const y0 = r() * H;
      const y1 = r() * H;
      veins += `<path d="M-10 ${y0.toFixed(0)} C 50 ${(y0 + 40 * (r() - 0.5)).toFixed(0)} 120 ${(y1 + 60 * (r() - 0.5)).toFixed(0)} 210 ${y1.toFixed(0)}" stroke="#8d8c88" stroke-width="${(0.6 + r() * 2).toFixed(1)}" fill="none" opacity="${(0.35 + r() * 0.45).toFixed(2)}" filter="url(#b)"/>`;
    }
    return svg(
      rect('#efede8') + rect('#000', 'filter="url(#n)" opacity="0.12"') + veins,
      noise('n', '0.03', 0.6) + '<filter id="b"><feGaussianBlur stdDeviation="0.6"/></filter>',
    );
  },
  terrazzo: () => {
    const r = prng(41);
    let chips = '';
    const tones = ['#8f8577', '#c56b4e', '#4f6b62', '#d9b26a', '#3d3d3d', '#b9b2a6'];
    for (let i = 0; i < 90; i++) {
      const x = r() * W;
      const y = r() * H;
      const s = 2 + r() * 7;
      const pts = [0, 1, 2, 3]
        .map((k) => {
          const a = (k / 4) * Math.PI * 2 + r();
          return `${(x + Math.cos(a) * s).toFixed(1)},${(y + Math.sin(a) * s * (0.6 + r() * 0.6)).toFixed(1)}`;
        })
        .join(' ');
      chips += `<polygon points="${pts}" fill="${tones[Math.floor(r() * tones.length)]}"/>`;
    }
    return svg(rect('#e6dfd3') + chips);
  },
  steel: () =>
    svg(
      rect('url(#g)') +
        rect('#000', 'filter="url(#n)" opacity="0.5"') +
        `<rect x="0" y="46" width="${W}" height="6" fill="#1e2125"/><rect x="0" y="96" width="${W}" height="6" fill="#1e2125"/>`,
      `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6c727a"/><stop offset="0.5" stop-color="#474c53"/><stop offset="1" stop-color="#2d3136"/></linearGradient>` +
        noise('n', '0.01 0.9', 0.6),
    ),
  stone: () => {
    const r = prng(51);
    let body = rect('#6b6254');
    for (let y = 0; y < H;) {
      const h = 20 + r() * 16;
      for (let x = -r() * 30; x < W;) {
        const w = 30 + r() * 36;
        const tone = ['#b5a48a', '#a39479', '#c4b59b', '#978a72'][Math.floor(r() * 4)];
        body += `<rect x="${(x + 2).toFixed(1)}" y="${(y + 2).toFixed(1)}" width="${(w - 4).toFixed(1)}" height="${(h - 4).toFixed(1)}" rx="5" fill="${tone}"/>`;
        x += w;
      }
      y += h;
    }
    return svg(body + rect('#000', 'filter="url(#n)" opacity="0.4"'), noise('n', '0.5', 0.6));
  },
  plaster: () => svg(rect('#efebe3') + rect('#000', 'filter="url(#n)" opacity="0.16"'), noise('n', '0.015 0.03', 0.7)),
  bamboo: () => {
    const r = prng(61);
    let body = rect('#7e6a3c');
    for (let x = 0; x < W; x += 16) {
      body += `<rect x="${x + 1}" y="0" width="14" height="${H}" rx="3" fill="${r() > 0.5 ? '#c9a866' : '#d6b777'}"/>`;
      for (let y = 12 + r() * 30; y < H; y += 44 + r() * 8)
        body += `<rect x="${x + 1}" y="${y.toFixed(1)}" width="14" height="2.5" fill="#957a3e"/>`;
      body += `<rect x="${x + 4}" y="0" width="2" height="${H}" fill="#f0dca8" opacity="0.5"/>`;
    }
    return svg(body);
  },
  copper: () =>
    svg(
      rect('#b87333') +
        rect('#4fa08b', 'filter="url(#p)"') +
        [48, 96, 144].map((x) => `<rect x="${x - 1}" y="0" width="2" height="${H}" fill="#5a3516"/>`).join(''),
      `<filter id="p" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.04" numOctaves="3" seed="5"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 3.2 -1.4"/><feComposite in="SourceGraphic" operator="in"/></filter>`,
    ),
  'rammed-earth': () => {
    const r = prng(71);
    let body = rect('#b98a5e');
    const tones = ['#c49a6c', '#a8774c', '#d2ab7e', '#9c6b43', '#b98a5e'];
    for (let y = 0; y < H;) {
      const h = 6 + r() * 12;
      const d = `M0 ${y.toFixed(1)} ${[48, 96, 144, 192].map((x) => `L${x} ${(y + (r() - 0.5) * 3).toFixed(1)}`).join(' ')} L192 ${H} L0 ${H}Z`;
      body += `<path d="${d}" fill="${tones[Math.floor(r() * tones.length)]}"/>`;
      y += h;
    }
    return svg(body + rect('#000', 'filter="url(#n)" opacity="0.3"'), noise('n', '0.6', 0.5));
  },
};

/** Sky and ground shared by the style scenes. */
const scene = (sky: [string, string], ground: string, body: string, defs = '') =>
  svg(
    rect('url(#sky)') + `<rect x="0" y="108" width="${W}" height="36" fill="${ground}"/>` + body,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>${defs}`,
  );

const windows = (
  x0: number,
  y0: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gap: number,
  fill: string,
) => {
  let out = '';
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++)
      out += `<rect x="${x0 + c * (w + gap)}" y="${y0 + r * (h + gap)}" width="${w}" height="${h}" fill="${fill}"/>`;
  return out;
};

const STYLE_SWATCHES: Record<string, () => string> = {
  modern: () =>
    scene(
      ['#9fc6e6', '#e4eef5'],
      '#8fae72',
      `<rect x="34" y="70" width="128" height="40" fill="#f4f3ef"/><rect x="22" y="50" width="110" height="22" fill="#f4f3ef"/><rect x="22" y="72" width="110" height="3" fill="#c9c7c0"/><rect x="40" y="80" width="100" height="26" fill="#30404d"/><rect x="30" y="54" width="92" height="14" fill="#3c5061"/><rect x="90" y="80" width="2" height="26" fill="#d8d6d0"/>`,
    ),
  minimalist: () =>
    scene(
      ['#eceae5', '#f6f5f2'],
      '#dedbd4',
      `<rect x="40" y="52" width="70" height="58" fill="#fbfbf9"/><rect x="110" y="72" width="44" height="38" fill="#e9e7e2"/><rect x="58" y="74" width="18" height="36" fill="#9c9a95"/><path d="M110 110 L160 110 L176 120 L126 120Z" fill="#cfccc5"/>`,
    ),
  industrial: () =>
    scene(
      ['#aab3ba', '#d9dcdd'],
      '#77736d',
      `<rect x="20" y="62" width="152" height="48" fill="#9b4e35"/><path d="M20 62 L20 44 L58 62 L58 44 L96 62 L96 44 L134 62 L134 44 L172 62Z" fill="#4a4f55"/>${windows(30, 72, 6, 2, 18, 12, 6, '#2c3238')}<rect x="20" y="96" width="152" height="2" fill="#2c3238"/>`,
    ),
  scandinavian: () =>
    scene(
      ['#cfe0ea', '#f2f5f6'],
      '#eef1f2',
      `<path d="M42 110 L42 64 L82 36 L122 64 L122 110Z" fill="#2f2f2d"/><path d="M36 66 L82 32 L128 66" stroke="#1d1d1b" stroke-width="5" fill="none"/><rect x="56" y="74" width="20" height="24" fill="#f3d9a0"/><rect x="86" y="74" width="22" height="36" fill="#c79a63"/>${[146, 166].map((x) => `<path d="M${x} 110 L${x - 9} 110 L${x} 70 L${x + 9} 110Z" fill="#3d5a48"/>`).join('')}`,
    ),
  japandi: () =>
    scene(
      ['#ebe4d8', '#f5f1ea'],
      '#b7b08f',
      `<rect x="24" y="58" width="144" height="6" fill="#3b3129"/><rect x="34" y="64" width="124" height="40" fill="#d8c7a8"/>${[34, 66, 98, 130].map((x) => `<rect x="${x}" y="64" width="3" height="40" fill="#5b4737"/>`).join('')}<rect x="26" y="104" width="140" height="6" fill="#8a7a66"/><ellipse cx="164" cy="118" rx="12" ry="6" fill="#6f7a5a"/><ellipse cx="44" cy="122" rx="8" ry="4" fill="#9c978b"/>`,
    ),
  brutalist: () =>
    scene(
      ['#b8bcbf', '#dcdedf'],
      '#8c8b86',
      `<rect x="30" y="40" width="132" height="70" fill="#9d9b95"/><rect x="18" y="56" width="156" height="16" fill="#aaa8a2"/><rect x="18" y="84" width="156" height="16" fill="#aaa8a2"/>${windows(26, 60, 8, 1, 12, 8, 7, '#2b2d2f')}${windows(26, 88, 8, 1, 12, 8, 7, '#2b2d2f')}<rect x="86" y="100" width="20" height="10" fill="#3a3c3e"/>`,
    ),
  parametric: () => {
    let ribs = '';
    for (let i = 0; i < 14; i++) {
      const x = 30 + i * 10;
      ribs += `<path d="M${x} 110 C ${x - 14 + i * 2} 80 ${x + 18 - i * 2} 56 ${x + 4} 30" stroke="#f1efe9" stroke-width="4" fill="none"/>`;
    }
    return scene(
      ['#f0c9a0', '#f7e7d6'],
      '#c9b9a5',
      `<path d="M26 110 C 30 60 70 28 112 30 C 150 32 170 70 168 110Z" fill="#3a3f4a"/>${ribs}`,
    );
  },
  classical: () =>
    scene(
      ['#cfdbe4', '#eef2f4'],
      '#c6bfae',
      `<path d="M34 52 L96 26 L158 52Z" fill="#e9e2d2"/><rect x="34" y="52" width="124" height="8" fill="#ddd5c3"/>${[44, 64, 84, 104, 124, 144].map((x) => `<rect x="${x - 4}" y="60" width="8" height="40" fill="#f2ecdf"/>`).join('')}<rect x="36" y="62" width="120" height="38" fill="#c9c0ac" opacity="0.35"/><rect x="28" y="100" width="136" height="5" fill="#ddd5c3"/><rect x="22" y="105" width="148" height="5" fill="#d2cab7"/>`,
    ),
  'new-chinese': () =>
    scene(
      ['#e7e4dc', '#f3f1ec'],
      '#a9ad9b',
      `<path d="M0 92 C 30 60 50 70 70 84 C 90 60 120 56 150 86 L150 108 L0 108Z" fill="#c8ccc4"/><path d="M28 56 Q 96 42 164 56 Q 150 50 146 44 L46 44 Q 42 50 28 56Z" fill="#2d2f31"/><rect x="48" y="58" width="96" height="50" fill="#f5f3ee"/><rect x="84" y="74" width="24" height="34" fill="#5b3b26"/>${[56, 122].map((x) => `<rect x="${x}" y="70" width="14" height="16" fill="#6b4a33"/>`).join('')}`,
    ),
  mediterranean: () =>
    scene(
      ['#7fb9e6', '#d5ebf7'],
      '#2f78a8',
      `<rect x="30" y="56" width="132" height="52" fill="#fbfaf6"/><path d="M24 58 L96 34 L168 58Z" fill="#c0693f"/>${[50, 86, 122].map((x) => `<path d="M${x} 108 L${x} 84 A 10 10 0 0 1 ${x + 20} 84 L${x + 20} 108Z" fill="#2c6f9c"/>`).join('')}<rect x="0" y="116" width="${W}" height="28" fill="#e9dcc4"/>`,
    ),
  'art-deco': () =>
    scene(
      ['#1f2a44', '#3b4668'],
      '#1a2236',
      `<rect x="66" y="40" width="60" height="70" fill="#d9cdb2"/><rect x="78" y="26" width="36" height="16" fill="#d9cdb2"/><rect x="88" y="12" width="16" height="16" fill="#d9cdb2"/><rect x="46" y="64" width="100" height="46" fill="#cbbd9e"/>${[72, 84, 96, 108, 120].map((x) => `<rect x="${x}" y="44" width="2" height="64" fill="#c9a24a"/>`).join('')}<path d="M96 2 L100 12 L92 12Z" fill="#c9a24a"/>`,
    ),
  biophilic: () =>
    scene(
      ['#b9dcc8', '#e9f4ee'],
      '#5c8a4f',
      `${[0, 1, 2].map((i) => `<rect x="${36 + i * 12}" y="${50 + i * 20}" width="${120 - i * 24 + i * 12}" height="20" fill="#eeeae2"/><path d="M${36 + i * 12} ${50 + i * 20} q 10 -8 20 0 q 10 -8 20 0 q 10 -8 20 0 q 10 -8 20 0 q 10 -8 20 0 q 10 -8 20 0" fill="#4f8a45"/>`).join('')}<rect x="44" y="56" width="100" height="10" fill="#33505a" opacity="0.6"/><circle cx="160" cy="88" r="16" fill="#3f7a3a"/><rect x="158" y="96" width="4" height="14" fill="#5b4330"/>`,
    ),
  futuristic: () =>
    scene(
      ['#0f1630', '#29345e'],
      '#141a30',
      `<path d="M20 110 C 40 60 90 40 150 50 C 176 56 180 90 172 110Z" fill="#d8dee9"/><path d="M40 100 C 60 72 100 60 150 66" stroke="#49e0ff" stroke-width="3" fill="none"/><path d="M56 110 C 76 90 110 82 160 86" stroke="#49e0ff" stroke-width="2" fill="none" opacity="0.8"/><ellipse cx="96" cy="112" rx="80" ry="4" fill="#49e0ff" opacity="0.35"/>`,
    ),
};

/** SVG of every shipped swatch, by category and slug. */
export const SWATCHES: Record<'style' | 'material', Record<string, () => string>> = {
  style: STYLE_SWATCHES,
  material: MATERIAL_SWATCHES,
};
