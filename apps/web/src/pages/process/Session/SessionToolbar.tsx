/**
 * The bar above the remote browser (issue 11 §2): back / forward / reload, an address bar (Enter or 前往
 * sends `navigate`; addresses are normalised, anything not http(s) is refused on the spot), the elapsed
 * time and the remaining maximum duration, 结束取证 (save and end) and 取消 (end without saving, after a
 * confirmation).
 */
import { useEffect, useState } from 'react';
import { Button, Input, Popconfirm, Space, Tooltip } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG } from '@cunzheng/contract/messages';
import { normaliseAddress, type RemoteInput } from '../live/remoteInput';

/** `m:ss` or `h:mm:ss` of a number of seconds (negative counts as 0). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

/** Re-renders every `ms` and returns Date.now(). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export interface SessionToolbarProps {
  /** Address the remote browser shows. */
  url: string;
  /** Unix ms the session started (local clock) and ends at the latest (0 = unknown). */
  startedAt: number;
  deadline: number;
  send: (m: RemoteInput) => boolean;
  onStop: () => void;
  onCancel: () => void;
  stopping: boolean;
  disabled: boolean;
}

export function SessionToolbar({ url, startedAt, deadline, send, onStop, onCancel, stopping, disabled }: SessionToolbarProps) {
  const now = useNow();
  const [address, setAddress] = useState(url);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  // Follow the remote address unless the user is typing a new one.
  useEffect(() => {
    if (!editing) setAddress(url);
  }, [url, editing]);

  const go = () => {
    const next = normaliseAddress(address);
    if (!next) {
      setError(MSG.URL_FORMAT);
      return;
    }
    setError('');
    setEditing(false);
    setAddress(next);
    send({ t: 'navigate', url: next });
  };

  const elapsed = startedAt ? (now - startedAt) / 1000 : 0;
  const remaining = deadline ? (deadline - now) / 1000 : 0;
  return (
    <div className="pro-toolbar" data-testid="process-toolbar">
      <Space.Compact className="pro-nav">
        <Tooltip title="后退">
          <Button aria-label="后退" icon={<ArrowLeftOutlined />} disabled={disabled} onClick={() => send({ t: 'back' })} />
        </Tooltip>
        <Tooltip title="前进">
          <Button aria-label="前进" icon={<ArrowRightOutlined />} disabled={disabled} onClick={() => send({ t: 'forward' })} />
        </Tooltip>
        <Tooltip title="刷新">
          <Button aria-label="刷新" icon={<ReloadOutlined />} disabled={disabled} onClick={() => send({ t: 'reload' })} />
        </Tooltip>
      </Space.Compact>
      <div className="pro-address">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="地址栏"
            placeholder="输入网址后回车"
            value={address}
            status={error ? 'error' : undefined}
            disabled={disabled}
            inputMode="url"
            autoComplete="off"
            maxLength={2048}
            onFocus={() => setEditing(true)}
            onBlur={() => {
              if (!error) setEditing(false);
            }}
            onChange={(e) => {
              setEditing(true);
              setAddress(e.target.value);
              if (error) setError('');
            }}
            onPressEnter={go}
          />
          <Button onClick={go} disabled={disabled}>
            前往
          </Button>
        </Space.Compact>
        {error ? (
          <div className="pro-address-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
      <div className="pro-timers" aria-live="off">
        <span>
          已用时 <strong data-testid="process-elapsed">{clock(elapsed)}</strong>
        </span>
        {deadline ? (
          <span className={remaining < 120 ? 'pro-remaining pro-remaining-low' : 'pro-remaining'}>
            剩余 <strong data-testid="process-remaining">{clock(remaining)}</strong>
          </span>
        ) : null}
      </div>
      <Space className="pro-actions">
        <Button type="primary" danger loading={stopping} disabled={disabled && !stopping} onClick={onStop}>
          结束取证
        </Button>
        <Popconfirm title="确定取消本次取证吗？取消后不会保存任何内容。" okText="确定" cancelText="返回" onConfirm={onCancel}>
          <Button disabled={stopping}>取消</Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
