// @vitest-environment node
/** How action-log entries read (issue 11 §2) and which row the video is at. */
import { describe, expect, it } from 'vitest';
import { actionDetail, activeIndex, videoTime } from './actionText';

describe('action log text', () => {
  it('reads each kind in Chinese', () => {
    expect(actionDetail({ t: 0, at: 0, kind: 'navigate', url: 'https://a.example/', by: 'user' })).toBe('（地址栏）https://a.example/');
    expect(actionDetail({ t: 0, at: 0, kind: 'click', target: 'button#go', x: 10.4, y: 20.6 })).toBe('button#go (10, 21)');
    expect(actionDetail({ t: 0, at: 0, kind: 'input', text: '******' })).toBe('******');
    expect(actionDetail({ t: 0, at: 0, kind: 'scroll', deltaY: -300 })).toBe('向上 300 px');
    expect(actionDetail({ t: 0, at: 0, kind: 'end', detail: 'stop' })).toBe('用户结束取证');
    expect(actionDetail({ t: 0, at: 0, kind: 'interrupt', detail: 'disconnected' })).toBe('连接断开');
  });
  it('formats video time and finds the row the video is at', () => {
    expect(videoTime(65_250)).toBe('01:05.3');
    const actions = [{ t: 0 }, { t: 500 }, { t: 1300 }, { t: 1300 }, { t: 2300 }];
    expect(activeIndex(actions, -1)).toBe(-1);
    expect(activeIndex(actions, 0)).toBe(0);
    expect(activeIndex(actions, 1299)).toBe(1);
    expect(activeIndex(actions, 1300)).toBe(3);
    expect(activeIndex(actions, 99_999)).toBe(4);
  });
});
