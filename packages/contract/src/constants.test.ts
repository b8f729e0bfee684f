import { describe, expect, it } from 'vitest';
import { COPYRIGHT_HOLDER, copyrightLine } from './constants.ts';

describe('copyrightLine (footer, spec p2 §9)', () => {
  it('names one year in the first year and a range after it', () => {
    expect(copyrightLine(COPYRIGHT_HOLDER, '2026', new Date(2026, 5, 1))).toBe('Copyright © 2026 存证电子数据保全平台 版权所有');
    expect(copyrightLine(COPYRIGHT_HOLDER, '2026', new Date(2028, 0, 1))).toBe('Copyright © 2026-2028 存证电子数据保全平台 版权所有');
    expect(copyrightLine('某某科技有限公司', '2025', new Date(2026, 0, 1))).toBe('Copyright © 2025-2026 某某科技有限公司 版权所有');
  });
});
