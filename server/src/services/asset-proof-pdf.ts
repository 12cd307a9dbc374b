// The asset proof drawn as a PDF on the server (pdfkit: a real PDF library, no browser): the seller's name and licence
// line from the brand, a seal, the serial, issue time and verification code, the masked holder, every holding with
// its NAV and date, 现金宝, money in transit, the total, and the public verification URL with its QR code.
//
// The CJK font is not in the repository: it is read at run time from the system's Noto Sans CJK (Debian's
// fonts-noto-cjk, which CI installs; ASSET_PROOF_FONT names another OpenType/TrueType file or collection), and pdfkit
// embeds only the glyphs the document uses (a subset: ~60 KB). Without the font the call answers 420042.
import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Brand } from '../../../src/lib/brand';
import { fenToYuan } from '../../../src/lib/money';
import { volumeToShares } from '../../../src/lib/trade-math';
import { ActivityRefusal } from '../domain/activity-refusal';
import { shanghaiDate, shanghaiTime } from '../domain/clock';
import type { IssuedProof } from './asset-proof';

/** Where Debian, Ubuntu, Fedora and Alpine put Noto Sans CJK (fonts-noto-cjk, google-noto-sans-cjk, font-noto-cjk). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc',
];
/** The face of a collection to use: Simplified Chinese. */
const FACE = 'NotoSansCJKsc-Regular';
const BOLD_FACE = 'NotoSansCJKsc-Bold';

interface FontFiles {
  regular: { data: Buffer; face: string | undefined };
  bold: { data: Buffer; face: string | undefined } | null;
}

let cached: { path: string; files: FontFiles } | null = null;

/** The CJK font files (read once and kept: parsing a 19 MB collection per document would cost a second each time). */
export function cjkFont(env: NodeJS.ProcessEnv = process.env): FontFiles | null {
  const configured = env.ASSET_PROOF_FONT?.trim();
  const path = configured || FONT_CANDIDATES.find((p) => existsSync(p));
  if (!path || !existsSync(path)) return null;
  if (cached?.path === path) return cached.files;
  const collection = path.endsWith('.ttc');
  const boldPath = path.replace(/Regular(\.tt[cf]|\.otf)$/, 'Bold$1');
  const files: FontFiles = {
    regular: { data: readFileSync(path), face: collection ? FACE : undefined },
    bold: boldPath !== path && existsSync(boldPath) ? { data: readFileSync(boldPath), face: collection ? BOLD_FACE : undefined } : null,
  };
  cached = { path, files };
  return files;
}

const TEXT = {
  'zh-CN': {
    title: '资产证明',
    intro: (date: string) => `兹证明下列投资者截至 ${date} 日终，通过本机构持有的基金资产如下：`,
    serial: '证明编号',
    issued: '出具时间',
    code: '验证码',
    holder: '投资者姓名',
    idNo: '证件号码',
    date: '证明日期',
    columns: ['基金代码', '基金名称', '持有份额', '单位净值（净值日期）', '资产（元）'],
    cash: '现金宝',
    inTransit: '在途资金（已支付待确认、赎回款在途）',
    pension: '个人养老金账户',
    advisory: '投资顾问账户',
    notOpened: '未开通',
    none: '无基金持仓',
    total: '资产合计（元）',
    verify: '验证方式：访问下方网址，或扫描二维码，输入验证码核对本证明的日期、金额与持有人。',
    notes: [
      '1. 基金份额以基金注册登记机构的登记为准；资产按证明日期已公布的最新基金净值计算，非货币基金净值于交易日次日公布。',
      '2. 本证明仅反映证明日期的资产状况，不构成对未来收益的承诺，亦不作为担保或质押凭证。',
      '3. 本证明自出具之日起一个月内有效，涂改无效。',
    ],
    seal: '资产证明专用章',
    page: '第 1 页',
  },
  'en-US': {
    title: 'Certificate of Assets',
    intro: (date: string) => `This certifies that at the end of ${date} the investor below held the following fund assets with us:`,
    serial: 'Serial',
    issued: 'Issued',
    code: 'Verification code',
    holder: 'Investor',
    idNo: 'ID number',
    date: 'As of',
    columns: ['Code', 'Fund', 'Shares', 'NAV (date)', 'Value (CNY)'],
    cash: 'Cash account',
    inTransit: 'In transit (paid, awaiting confirmation; redemptions on their way)',
    pension: 'Personal pension account',
    advisory: 'Advisory account',
    notOpened: 'not opened',
    none: 'No fund holdings',
    total: 'Total (CNY)',
    verify: 'To verify: open the address below or scan the QR code, enter the verification code and compare the date, total and holder.',
    notes: [
      '1. Fund shares are as the registrar records them; values use the latest NAV published by the date (a trading day’s NAV is published the next day).',
      '2. This certificate states the assets on that date only; it promises no return and is no guarantee or pledge.',
      '3. Valid for one month from issue; any alteration voids it.',
    ],
    seal: 'Asset Certificate Seal',
    page: 'Page 1',
  },
} as const;

/** Thousands separators for a yuan string: '1234567.89' → '1,234,567.89'. */
function grouped(yuan: string): string {
  const [whole = '', frac] = yuan.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${frac === undefined ? '' : `.${frac}`}`;
}

/** The seal: a red ring, a star, the company's name around the upper arc and the seal's purpose below. */
function drawSeal(doc: PDFKit.PDFDocument, cx: number, cy: number, company: string, purpose: string, font: string): void {
  const red = '#d7261e';
  doc.save();
  doc.opacity(0.85);
  doc.lineWidth(2.5).strokeColor(red).circle(cx, cy, 54).stroke();
  doc.lineWidth(0.8).circle(cx, cy, 50).stroke();
  // A five-pointed star.
  const star: Array<[number, number]> = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? 15 : 6;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    star.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  doc
    .fillColor(red)
    .polygon(...star)
    .fill();
  // The company's name, one character at a time along the upper arc (from 200° to 340°).
  const chars = [...company];
  const span = Math.min(250, chars.length * 22);
  doc.font(font).fontSize(chars.length > 14 ? 8 : 10);
  chars.forEach((ch, i) => {
    const angle = -90 - span / 2 + (chars.length === 1 ? span / 2 : (i * span) / (chars.length - 1));
    const rad = (angle * Math.PI) / 180;
    const x = cx + 38 * Math.cos(rad);
    const y = cy + 38 * Math.sin(rad);
    doc.save();
    doc.translate(x, y).rotate(angle + 90);
    doc.text(ch, -5, -6, { width: 10, align: 'center', lineBreak: false });
    doc.restore();
  });
  doc.fontSize(7).text(purpose, cx - 40, cy + 24, { width: 80, align: 'center', lineBreak: false });
  doc.restore();
}

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  doc.save().fillColor('#000');
  for (let r = 0; r < n; r += 1)
    for (let c = 0; c < n; c += 1) if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell + 0.05, cell + 0.05).fill();
  doc.restore();
}

/** Draws the proof; resolves with the PDF's bytes. */
export function renderProofPdf(proof: IssuedProof, brand: Brand, verifyUrl: string): Promise<Buffer> {
  const fonts = cjkFont();
  if (!fonts) return Promise.reject(new ActivityRefusal('assetProofUnavailable'));
  const t = TEXT[proof.lang];
  const en = proof.lang === 'en-US';
  const f = proof.figures;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${t.title} ${proof.serial}`,
      Author: en ? brand.nameEn : brand.name,
      Subject: `${t.date} ${proof.asOf}`,
      CreationDate: proof.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', fonts.regular.data, fonts.regular.face);
  doc.registerFont('cjk-bold', fonts.bold?.data ?? fonts.regular.data, fonts.bold?.face ?? fonts.regular.face);
  const left = 50;
  const width = doc.page.width - 100;

  // Header: the seller and its licence line.
  doc
    .font('cjk-bold')
    .fontSize(12)
    .fillColor('#333')
    .text(en ? brand.nameEn : brand.name, left, 48);
  doc.font('cjk').fontSize(8).fillColor('#666').text(`${brand.company}  ${brand.licence}`, left, 66, { width });
  doc
    .moveTo(left, 84)
    .lineTo(left + width, 84)
    .lineWidth(0.8)
    .strokeColor('#ff6d00')
    .stroke();
  doc.font('cjk-bold').fontSize(22).fillColor('#111').text(t.title, left, 100, { width, align: 'center' });

  // Identification.
  const issued = `${shanghaiDate(proof.issuedAt)} ${shanghaiTime(proof.issuedAt).slice(0, 8)}`;
  const meta: Array<[string, string]> = [
    [t.serial, proof.serial],
    [t.issued, `${issued} (UTC+8)`],
    [t.code, proof.verifyCode],
    [t.holder, f.holder.name],
    [t.idNo, f.holder.idNo],
    [t.date, proof.asOf],
  ];
  let y = 140;
  doc.fontSize(9.5);
  meta.forEach(([label, value], i) => {
    const x = i % 2 === 0 ? left : left + width / 2;
    doc.font('cjk').fillColor('#666').text(`${label}：`, x, y, { continued: true }).fillColor('#111').text(value);
    if (i % 2 === 1) y += 18;
  });
  y += 8;
  doc.font('cjk').fontSize(10.5).fillColor('#111').text(t.intro(proof.asOf), left, y, { width });
  y = doc.y + 10;

  // The holdings table.
  const cols = [0.13, 0.37, 0.16, 0.18, 0.16].map((w) => w * width);
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((a, b) => a + b, 0));
  // A cell may carry a second, smaller line (a NAV's date) after a newline.
  const row = (cells: string[], opts: { bold?: boolean; fill?: string } = {}) => {
    const h = cells.some((c) => c.includes('\n')) ? 28 : 20;
    if (opts.fill) doc.rect(left, y, width, h).fill(opts.fill);
    cells.forEach((cell, i) => {
      const [first = '', second] = cell.split('\n');
      const at = {
        width: (cols[i] as number) - 8,
        align: i >= 2 ? ('right' as const) : ('left' as const),
        lineBreak: false,
        ellipsis: true,
      };
      doc
        .font(opts.bold ? 'cjk-bold' : 'cjk')
        .fontSize(9)
        .fillColor('#111')
        .text(first, (xs[i] as number) + 4, y + 5, at);
      if (second)
        doc
          .font('cjk')
          .fontSize(7)
          .fillColor('#777')
          .text(second, (xs[i] as number) + 4, y + 16, at);
    });
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor('#ddd')
      .stroke();
  };
  row([...t.columns], { bold: true, fill: '#f5f5f5' });
  if (f.funds.length === 0) row(['', t.none, '', '', '0.00']);
  for (const line of f.funds)
    row([
      line.code,
      line.name,
      volumeToShares(line.volume),
      line.nav ? `${line.nav}\n${line.navDate}` : '—',
      grouped(fenToYuan(line.valueFen)),
    ]);
  row([f.cash.fundCode, `${t.cash}（${f.cash.fundName}）`, fenToYuan(f.cash.totalFen), '1.0000', grouped(fenToYuan(f.cash.totalFen))]);
  row(['', t.inTransit, '', '', grouped(fenToYuan(f.inTransitFen))]);
  row(['', t.pension, '', '', t.notOpened]);
  row(['', t.advisory, '', '', t.notOpened]);
  row(['', t.total, '', '', grouped(fenToYuan(f.totalFen))], { bold: true, fill: '#fff4ec' });

  // Verification and the seal.
  y += 16;
  doc
    .font('cjk')
    .fontSize(9)
    .fillColor('#333')
    .text(t.verify, left, y, { width: width - 110 });
  doc.fillColor('#1a56db').text(verifyUrl, left, doc.y + 4, { width: width - 110, link: verifyUrl, underline: true });
  doc.fillColor('#333').text(`${t.code}：${proof.verifyCode}`, left, doc.y + 4);
  drawQr(doc, verifyUrl, left + width - 92, y - 4, 90);
  y = Math.max(doc.y, y + 96) + 14;
  drawSeal(doc, left + width - 80, y + 50, brand.company, t.seal, 'cjk-bold');
  doc
    .font('cjk')
    .fontSize(10)
    .fillColor('#111')
    .text(`${en ? brand.nameEn : brand.name}`, left, y + 30, { width: width - 170 });
  doc.text(shanghaiDate(proof.issuedAt), left, doc.y + 4);
  y += 120;
  doc.fontSize(8).fillColor('#777');
  for (const note of t.notes) {
    doc.text(note, left, y, { width });
    y = doc.y + 3;
  }
  doc.end();
  return done;
}
