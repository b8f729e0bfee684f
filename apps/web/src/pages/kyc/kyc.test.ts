/**
 * KYC page logic (issue 14 §1–2; spec p2 §5): the image checks (type, 10 MB / 20 MB with their messages),
 * the authorised person's ID auto-fill (birth date; sex from the second-to-last digit of 18-digit IDs or the
 * last digit of 15-digit IDs, even = female) and the face simulator's motion score.
 */
import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@cunzheng/contract/idcard';
import { autoFill } from './OrganizationKyc/fields';
import { changedPercent, motionScore, SAMPLE_H, SAMPLE_W } from './FaceSim/liveness';
import { imageProblem, LIMIT } from './shared/imageRules';

const MB = 1024 * 1024;

describe('KYC image checks (spec p2 §5)', () => {
  it('accepts png, jpg and jpeg within the limit', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg']) expect(imageProblem({ name, type: '', size: 1000 }, LIMIT.company)).toBeNull();
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 10 * MB }, LIMIT.company)).toBeNull();
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 20 * MB }, LIMIT.personal)).toBeNull();
  });
  it('refuses other types: 上传图片只能是png,jpg或JPEG格式!', () => {
    for (const f of [{ name: 'a.gif', type: 'image/gif' }, { name: 'a.pdf', type: 'application/pdf' }, { name: 'a.png', type: 'image/webp' }, { name: 'png', type: '' }]) {
      expect(imageProblem({ ...f, size: 10 }, LIMIT.personal)).toBe('上传图片只能是png,jpg或JPEG格式!');
    }
  });
  it('refuses larger files: 上传图片不能超多10M (enterprise) / 20M (personal, amendment, supplementary)', () => {
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 }, LIMIT.company)).toBe('上传图片不能超多10M');
    expect(imageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 20 * MB + 1 }, LIMIT.personal)).toBe('上传图片不能超多20M');
  });
});

describe('authorised person ID auto-fill (spec p2 §5)', () => {
  const id18 = (birth: string, seq: string) => `310115${birth}${seq}${idCardCheckChar(`310115${birth}${seq}`)}`;
  it('18-digit IDs: birth date and sex from the second-to-last digit', () => {
    expect(autoFill(id18('19851113', '002'))).toEqual({ authorBrith: '1985-11-13', authorSex: 1 });
    expect(autoFill(id18('19700505', '031'))).toEqual({ authorBrith: '1970-05-05', authorSex: 0 });
    expect(autoFill('11010519491231002x')).toEqual({ authorBrith: '1949-12-31', authorSex: 1 });
  });
  it('15-digit IDs: 19YY birth year, sex from the last digit', () => {
    expect(autoFill('110105491231002')).toEqual({ authorBrith: '1949-12-31', authorSex: 1 });
    expect(autoFill('310115900307123')).toEqual({ authorBrith: '1990-03-07', authorSex: 0 });
  });
  it('fills nothing until the number is valid (length, date, check digit)', () => {
    expect(autoFill('31011519851113002')).toBeNull();
    expect(autoFill(id18('19851113', '002').slice(0, 17) + '0')).toBeNull();
    expect(autoFill('110105490230002')).toBeNull();
  });
});

describe('face simulator motion score', () => {
  const frame = (v: number) => new Uint8Array(SAMPLE_W * SAMPLE_H).fill(v);
  it('a still picture scores 0; small noise does not count', () => {
    expect(motionScore(Array.from({ length: 20 }, () => frame(100)))).toBe(0);
    expect(motionScore(Array.from({ length: 20 }, (_v, i) => frame(100 + (i % 2) * 10)))).toBe(0);
  });
  it('a moving subject scores the share of changed pixels', () => {
    const moving = Array.from({ length: 20 }, (_v, i) => {
      const f = frame(100);
      f.fill(200, i * 100, i * 100 + 300);
      return f;
    });
    expect(motionScore(moving)).toBeGreaterThan(1.5);
    expect(changedPercent(frame(0), frame(255))).toBe(100);
  });
});
