// Generates the public-site media of the demo seed into server/public/media/{offers,docs,mixcloud,video}:
// SVG drawings (buildings, interiors, floor plans, construction sites) in the green / dark-brown palette,
// small valid PDFs whose bytes are written here by hand, a short WAV tune, and (when ffmpeg is installed) a
// 4-second H.264 clip drawn by ffmpeg's lavfi filters. Deterministic: running it again gives the same bytes
// (the video depends on the ffmpeg build). The outputs are committed; nothing is fetched.
//
//   npx tsx server/media/generate.ts

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../public/media/', import.meta.url));

const C = {
  green900: '#1f4a2a',
  green700: '#2e6b3a',
  green500: '#4f8a3c',
  green300: '#a8c686',
  green100: '#e3ecd9',
  brown900: '#3b2a1e',
  brown700: '#5a3d2b',
  brown500: '#8a6243',
  brown300: '#c9a27e',
  cream: '#f6f1e7',
  sky: '#dfe9e4',
  glass: '#b9d3cf',
};

// Small seeded PRNG (mulberry32) so the drawings are the same on every run.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const svg = (w: number, h: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">\n${body}\n</svg>\n`;

function trees(rand: () => number, count: number, y: number, w: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r1(rand() * w);
    const s = r1(18 + rand() * 22);
    out += `<rect x="${r1(x - 3)}" y="${r1(y - s * 0.6)}" width="6" height="${r1(s * 0.8)}" fill="${C.brown700}"/>`;
    out += `<circle cx="${x}" cy="${r1(y - s)}" r="${s}" fill="${rand() > 0.5 ? C.green500 : C.green700}" opacity="0.92"/>`;
  }
  return out;
}

type BuildingStyle = 'block' | 'terraces' | 'townhouse' | 'house' | 'tower' | 'loft';

/** An estate seen from the street: sky, hills, one or more buildings, trees, a path. */
function building(seed: number, style: BuildingStyle, label: string): string {
  const rand = rng(seed);
  const W = 1200;
  const H = 675;
  const ground = 560;
  let body = `<defs><linearGradient id="sky${seed}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.sky}"/><stop offset="1" stop-color="${C.cream}"/></linearGradient></defs>`;
  body += `<rect width="${W}" height="${H}" fill="url(#sky${seed})"/>`;
  body += `<circle cx="${r1(900 + rand() * 200)}" cy="${r1(90 + rand() * 40)}" r="46" fill="${C.brown300}" opacity="0.55"/>`;
  body += `<path d="M0 ${ground - 60} Q300 ${ground - 140} 600 ${ground - 70} T1200 ${ground - 90} V${H} H0Z" fill="${C.green300}" opacity="0.7"/>`;
  const facades = [C.cream, '#efe6d6', '#e8dcc8', C.green100];
  const n = style === 'block' ? 3 : style === 'terraces' ? 2 : style === 'townhouse' ? 4 : style === 'house' ? 1 : style === 'tower' ? 1 : 2;
  const gap = 40;
  const totalW = style === 'house' ? 520 : style === 'tower' ? 300 : 900;
  const bw = (totalW - gap * (n - 1)) / n;
  let x = (W - totalW) / 2;
  for (let b = 0; b < n; b++) {
    const floors = style === 'tower' ? 12 : style === 'house' ? 2 : style === 'townhouse' ? 3 + Math.floor(rand() * 2) : 4 + Math.floor(rand() * 3);
    const fh = style === 'tower' ? 34 : 52;
    const bh = floors * fh + 30;
    const top = ground - bh;
    const facade = facades[Math.floor(rand() * facades.length)];
    body += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(bw)}" height="${bh}" fill="${facade}" stroke="${C.brown700}" stroke-width="3"/>`;
    if (style === 'house' || style === 'townhouse') {
      body += `<polygon points="${r1(x - 14)},${r1(top)} ${r1(x + bw / 2)},${r1(top - 90)} ${r1(x + bw + 14)},${r1(top)}" fill="${C.brown700}"/>`;
    } else if (style === 'terraces') {
      body += `<rect x="${r1(x - 8)}" y="${r1(top - 14)}" width="${r1(bw + 16)}" height="14" fill="${C.brown900}"/>`;
      body += trees(rand, 4, top - 10, bw).replace(/cx="([\d.]+)"/g, (_m, v) => `cx="${r1(Number(v) + x)}"`).replace(/x="([\d.]+)" y/g, (_m, v) => `x="${r1(Number(v) + x)}" y`);
    } else if (style === 'loft') {
      for (let k = 0; k < 3; k++) {
        const sx = x + (bw / 3) * k;
        body += `<polygon points="${r1(sx)},${r1(top)} ${r1(sx + bw / 3)},${r1(top - 50)} ${r1(sx + bw / 3)},${r1(top)}" fill="${C.brown500}"/>`;
      }
      body += `<rect x="${r1(x + bw * 0.8)}" y="${r1(top - 130)}" width="24" height="130" fill="${C.brown700}"/>`;
    } else {
      body += `<rect x="${r1(x - 6)}" y="${r1(top - 10)}" width="${r1(bw + 12)}" height="10" fill="${C.brown900}"/>`;
    }
    const cols = Math.max(2, Math.floor(bw / 58));
    const ww = (bw - 20) / cols - 14;
    for (let f = 0; f < floors; f++) {
      for (let c = 0; c < cols; c++) {
        const wx = x + 17 + c * ((bw - 20) / cols);
        const wy = top + 20 + f * fh;
        const lit = rand() > 0.8;
        body += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(ww)}" height="${r1(fh * 0.55)}" fill="${lit ? C.brown300 : C.glass}" stroke="${C.brown700}" stroke-width="1.5"/>`;
        if (style === 'block' && f > 0 && c % 2 === 0) {
          body += `<rect x="${r1(wx - 4)}" y="${r1(wy + fh * 0.55)}" width="${r1(ww + 8)}" height="5" fill="${C.green700}"/>`;
        }
      }
    }
    body += `<rect x="${r1(x + bw / 2 - 22)}" y="${ground - 60}" width="44" height="60" fill="${C.brown700}"/>`;
    x += bw + gap;
  }
  body += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${C.green700}"/>`;
  body += `<path d="M520 ${H} L580 ${ground} H620 L700 ${H}Z" fill="${C.brown300}" opacity="0.8"/>`;
  body += trees(rand, 7, ground + 8, W);
  return svg(W, H, label, body);
}

/** A living room: floor, wall, big window, sofa, lamp, plant. */
function interior(seed: number, label: string): string {
  const rand = rng(seed);
  const W = 1200;
  const H = 800;
  const wall = [C.cream, '#efe6d6', C.green100][Math.floor(rand() * 3)];
  const sofa = [C.green700, C.brown500, C.green500][Math.floor(rand() * 3)];
  let body = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  body += `<rect y="560" width="${W}" height="240" fill="${C.brown500}"/>`;
  for (let i = 0; i < 12; i++) body += `<line x1="${i * 100}" y1="560" x2="${i * 100 - 80}" y2="800" stroke="${C.brown700}" stroke-width="2" opacity="0.4"/>`;
  const wx = r1(120 + rand() * 200);
  body += `<rect x="${wx}" y="110" width="420" height="330" fill="${C.sky}" stroke="${C.brown900}" stroke-width="10"/>`;
  body += `<line x1="${r1(wx + 210)}" y1="110" x2="${r1(wx + 210)}" y2="440" stroke="${C.brown900}" stroke-width="6"/>`;
  body += `<path d="M${wx} 400 Q${r1(wx + 120)} 330 ${r1(wx + 210)} 380 T${r1(wx + 420)} 360 V440 H${wx}Z" fill="${C.green300}"/>`;
  body += `<rect x="640" y="430" width="420" height="120" rx="24" fill="${sofa}"/><rect x="620" y="380" width="460" height="70" rx="30" fill="${sofa}" opacity="0.85"/>`;
  body += `<rect x="660" y="545" width="14" height="30" fill="${C.brown900}"/><rect x="1026" y="545" width="14" height="30" fill="${C.brown900}"/>`;
  body += `<rect x="700" y="600" width="300" height="20" rx="8" fill="${C.brown900}"/><rect x="720" y="620" width="10" height="50" fill="${C.brown900}"/><rect x="970" y="620" width="10" height="50" fill="${C.brown900}"/>`;
  body += `<line x1="1120" y1="250" x2="1120" y2="560" stroke="${C.brown900}" stroke-width="6"/><polygon points="1080,250 1160,250 1140,190 1100,190" fill="${C.brown300}"/>`;
  body += `<rect x="560" y="500" width="50" height="60" fill="${C.brown700}"/>`;
  for (let i = 0; i < 5; i++) body += `<ellipse cx="${r1(585 + (rand() - 0.5) * 60)}" cy="${r1(470 - rand() * 60)}" rx="14" ry="34" fill="${C.green500}" transform="rotate(${r1((rand() - 0.5) * 60)} 585 500)"/>`;
  body += `<rect x="760" y="170" width="180" height="130" fill="${C.green100}" stroke="${C.brown700}" stroke-width="6"/><path d="M770 280 L830 220 L870 260 L900 235 L930 280Z" fill="${C.green700}"/>`;
  return svg(W, H, label, body);
}

/** A floor plan: rooms drawn as walls with door gaps and labels. */
function plan(seed: number, label: string): string {
  const rand = rng(seed);
  const W = 1000;
  const H = 700;
  let body = `<rect width="${W}" height="${H}" fill="${C.cream}"/>`;
  for (let i = 0; i <= W; i += 50) body += `<line x1="${i}" y1="0" x2="${i}" y2="${H}" stroke="${C.green100}" stroke-width="1"/>`;
  for (let i = 0; i <= H; i += 50) body += `<line x1="0" y1="${i}" x2="${W}" y2="${i}" stroke="${C.green100}" stroke-width="1"/>`;
  const split1 = r1(380 + rand() * 120);
  const split2 = r1(300 + rand() * 80);
  const walls = [
    `M100 100 H900 V600 H100 Z`,
    `M${split1} 100 V${split2 - 40}`,
    `M${split1} ${split2 + 40} V600`,
    `M100 ${split2} H${split1 - 160}`,
    `M${split1 - 80} ${split2} H${split1}`,
    `M${split1} 420 H720`,
    `M790 420 H900`,
  ];
  body += `<path d="${walls.join(' ')}" fill="none" stroke="${C.brown900}" stroke-width="10" stroke-linecap="square"/>`;
  body += `<rect x="${split1 + 40}" y="140" width="160" height="90" rx="10" fill="${C.green300}" opacity="0.6"/>`;
  body += `<rect x="140" y="${split2 + 40}" width="120" height="170" fill="${C.brown300}" opacity="0.6"/>`;
  const text = (x: number, y: number, t: string) =>
    `<text x="${x}" y="${y}" font-family="Lato, Arial, sans-serif" font-size="24" fill="${C.brown700}" text-anchor="middle">${t}</text>`;
  body += text((100 + split1) / 2, split2 / 2 + 60, 'Salon / Living');
  body += text((split1 + 900) / 2, 300, 'Kuchnia / Kitchen');
  body += text((100 + split1) / 2, (split2 + 600) / 2 + 20, 'Sypialnia / Bedroom');
  body += text((split1 + 900) / 2, 520, 'Łazienka / Bath');
  body += `<text x="900" y="660" font-family="Lato, Arial, sans-serif" font-size="20" fill="${C.green700}" text-anchor="end">${r1(48 + rand() * 40)} m²</text>`;
  return svg(W, H, label, body);
}

/** A construction site: crane, scaffolding, a half-built frame. */
function site(seed: number, label: string): string {
  const rand = rng(seed);
  const W = 1200;
  const H = 675;
  let body = `<rect width="${W}" height="${H}" fill="${C.sky}"/><rect y="540" width="${W}" height="135" fill="${C.brown500}"/>`;
  const floors = 3 + Math.floor(rand() * 4);
  for (let f = 0; f < floors; f++) {
    const y = 540 - (f + 1) * 60;
    body += `<rect x="380" y="${y}" width="460" height="10" fill="${C.brown700}"/>`;
    for (let c = 0; c <= 5; c++) body += `<rect x="${380 + c * 90}" y="${y}" width="10" height="60" fill="${C.brown700}"/>`;
  }
  body += `<rect x="360" y="${540 - floors * 60 - 10}" width="500" height="${floors * 60 + 10}" fill="none" stroke="${C.green700}" stroke-width="4" stroke-dasharray="12 8"/>`;
  body += `<rect x="200" y="90" width="18" height="450" fill="${C.green900}"/><rect x="120" y="90" width="${r1(560 + rand() * 120)}" height="14" fill="${C.green900}"/>`;
  body += `<line x1="560" y1="104" x2="560" y2="${r1(220 + rand() * 100)}" stroke="${C.brown900}" stroke-width="3"/><rect x="140" y="104" width="50" height="40" fill="${C.brown900}"/>`;
  body += `<rect x="900" y="470" width="160" height="70" fill="${C.green700}"/><circle cx="930" cy="545" r="18" fill="${C.brown900}"/><circle cx="1030" cy="545" r="18" fill="${C.brown900}"/>`;
  body += trees(rand, 3, 545, 300);
  return svg(W, H, label, body);
}

// ---------- PDF ----------

/** A one-page PDF 1.4 with a title and a few lines in Helvetica. Offsets in the xref table are exact. */
export function pdf(title: string, lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  let stream = `0.18 0.42 0.23 rg 0 780 595 62 re f\n1 1 1 rg BT /F1 20 Tf 50 802 Td (${esc(title)}) Tj ET\n0.23 0.16 0.12 rg\n`;
  lines.forEach((line, i) => {
    stream += `BT /F1 12 Tf 50 ${740 - i * 20} Td (${esc(line)}) Tj ET\n`;
  });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    `<< /Title (${esc(title)}) /Producer (Estate Shares media generator) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------- WAV ----------

/** Mono 8 kHz 8-bit PCM: a short, soft arpeggio (C major, then F, then G, back to C) with fades. */
export function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.floor(rate * seconds);
  const data = Buffer.alloc(samples);
  const chords = [
    [261.63, 329.63, 392.0],
    [349.23, 440.0, 523.25],
    [392.0, 493.88, 587.33],
    [261.63, 329.63, 523.25],
  ];
  const noteLength = 0.25;
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const chord = chords[Math.floor((t / seconds) * chords.length) % chords.length];
    const step = Math.floor(t / noteLength);
    const freq = chord[step % chord.length];
    const inNote = (t % noteLength) / noteLength;
    const envelope = Math.min(1, inNote * 20) * Math.exp(-inNote * 3);
    const fade = Math.min(1, t / 0.2, (seconds - t) / 0.4);
    const value = Math.sin(2 * Math.PI * freq * t) * 0.6 + Math.sin(2 * Math.PI * chord[0] * 0.5 * t) * 0.15;
    data[i] = Math.max(0, Math.min(255, Math.round(128 + value * envelope * fade * 100)));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

// ---------- the media list the seed refers to ----------

export const BUILDINGS: [string, number, BuildingStyle, string][] = [
  ['zielone-tarasy', 11, 'terraces', 'Green Terraces'],
  ['dom-nad-jeziorem', 12, 'house', 'Lakeside house'],
  ['kamienica-krakow', 13, 'townhouse', 'Kraków townhouse'],
  ['nad-wisla', 14, 'block', 'Vistula estate'],
  ['lofty-lodz', 15, 'loft', 'Łódź lofts'],
  ['apartamenty-sopot', 16, 'tower', 'Sopot apartments'],
  ['biurowiec-wroclaw', 17, 'tower', 'Wrocław office'],
  ['domy-poznan', 18, 'townhouse', 'Poznań townhouses'],
  ['stocznia-gdansk', 19, 'loft', 'Gdańsk shipyard lofts'],
  ['willa-zakopane', 20, 'house', 'Zakopane villa'],
];
export const INTERIORS = 6;
export const PLANS = 4;
export const SITES = 3;

export const PDFS: [string, string, string[]][] = [
  ['prospectus-zielone-tarasy.pdf', 'Green Terraces - information memorandum', ['Zielone Tarasy, Warszawa Wilanow', '48 apartments, completion 2027', 'Sponsor keeps at least 25% of the shares.']],
  ['budget-zielone-tarasy.pdf', 'Green Terraces - budget', ['Land: 18 000 000 PLN', 'Construction: 34 500 000 PLN', 'Reserve: 2 500 000 PLN']],
  ['investor-agreement.pdf', 'Investor agreement (template)', ['Parties: the SPV and the investor', 'Shares are registered after payment.', 'Governing law: Poland']],
  ['quarterly-report-q1.pdf', 'Quarterly report Q1', ['Construction progress: 42%', 'Budget used: 39%', 'No delays reported.']],
  ['prospectus-lakeside.pdf', 'Lakeside house - information memorandum', ['Dom nad jeziorem, Gizycko', '6 holiday apartments', 'Rental income paid quarterly.']],
  ['valuation-report.pdf', 'Independent valuation report', ['Valuation date: 2025-03-31', 'Method: income approach', 'Value: see page 1']],
  ['terms-of-use.pdf', 'Terms of use', ['Estate Shares platform terms of use', 'Version 1.0']],
  ['privacy-policy.pdf', 'Privacy policy', ['How Estate Shares processes personal data', 'Version 1.0']],
  ['investor-guide.pdf', 'Investor guide', ['How to buy shares in 4 steps', '1. Register  2. Choose an offer  3. Pay  4. Track']],
  ['fee-table.pdf', 'Fees and charges', ['Bank transfer: 0%', 'PayPal: 2.9%', 'No management fee for investors.']],
];

function write(relative: string, content: string | Buffer) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function main() {
  for (const [name, seed, style, label] of BUILDINGS) write(`offers/${name}.svg`, building(seed, style, label));
  for (let i = 1; i <= INTERIORS; i++) write(`offers/interior-${i}.svg`, interior(100 + i, `Interior ${i}`));
  for (let i = 1; i <= PLANS; i++) write(`offers/plan-${i}.svg`, plan(200 + i, `Floor plan ${i}`));
  for (let i = 1; i <= SITES; i++) write(`offers/site-${i}.svg`, site(300 + i, `Construction site ${i}`));
  write('pages/about-platform.svg', building(400, 'block', 'Estate Shares'));
  for (const [file, title, lines] of PDFS) write(`docs/${file}`, pdf(title, lines));
  write('mixcloud/estate-talk.wav', wav(4));
  try {
    // 4 s, 320x180, 12 fps: a building that rises floor by floor on a green hill.
    const out = path.join(root, 'video/construction.mp4');
    mkdirSync(path.dirname(out), { recursive: true });
    const filter = [
      `color=c=0xdfe9e4:s=320x180:r=12:d=4`,
      `drawbox=x=0:y=140:w=320:h=40:color=0x2e6b3a:t=fill`,
      `drawbox=x=110:y='140-min(t*30,100)':w=100:h='min(t*30,100)':color=0xf6f1e7:t=fill`,
      `drawbox=x=110:y='140-min(t*30,100)':w=100:h='min(t*30,100)':color=0x5a3d2b:t=3`,
      `drawbox=x=40:y=30:w=6:h=110:color=0x1f4a2a:t=fill`,
      `drawbox=x=20:y=30:w=200:h=5:color=0x1f4a2a:t=fill`,
    ].join(',');
    execFileSync('ffmpeg', [
      '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', filter,
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryslow', '-crf', '30', '-movflags', '+faststart',
      '-bitexact', '-an', out,
    ]);
  } catch (error) {
    console.warn('ffmpeg not available or failed; the committed video/construction.mp4 is kept.', (error as Error).message);
  }
  console.log(`media written to ${root}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
