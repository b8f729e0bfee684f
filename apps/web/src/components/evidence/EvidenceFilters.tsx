/**
 * Filter bar of the evidence lists (spec p1 §2, §7): a kind select (by default the file type, 0 all …
 * 5 other, p1 §9; the web-evidence lists pass the capture status instead), label, keyword and — on
 * the download pages — a date range. Controlled: `value` in, `onChange` out; stacks vertically
 * under 768 px. Shared by the data-deposit pages and the web-evidence pages.
 */
import { useState } from 'react';
import { Button, DatePicker, Grid, Input, Select } from 'antd';
import { EVIDENCE_FILE_TYPE_LABEL, KEYWORD_MAX } from '@cunzheng/contract/constants';
import type { Dayjs } from 'dayjs';

export interface EvidenceFilterValue {
  type: number;
  label: string;
  keyword: string;
  range: [Dayjs, Dayjs] | null;
}

export const EMPTY_FILTER: EvidenceFilterValue = { type: 0, label: '', keyword: '', range: null };

const TYPE_OPTIONS = Object.entries(EVIDENCE_FILE_TYPE_LABEL).map(([v, label]) => ({ value: Number(v), label }));

export interface EvidenceFiltersProps {
  value: EvidenceFilterValue;
  onChange: (v: EvidenceFilterValue) => void;
  labels: string[];
  showDateRange?: boolean;
  /** Options of the kind select bound to `value.type` (default: file types); `[]` hides the select. */
  typeOptions?: { value: number; label: string }[];
  /** Accessible name of the kind select (default 文件类型). */
  typeLabel?: string;
  /** Placeholder of the keyword search (default 搜索文件名或标题). */
  keywordPlaceholder?: string;
  /** What 重置 restores (default {@link EMPTY_FILTER}). */
  empty?: EvidenceFilterValue;
}

export function EvidenceFilters({
  value,
  onChange,
  labels,
  showDateRange = false,
  typeOptions = TYPE_OPTIONS,
  typeLabel = '文件类型',
  keywordPlaceholder = '搜索文件名或标题',
  empty = EMPTY_FILTER,
}: EvidenceFiltersProps) {
  const { md } = Grid.useBreakpoint();
  const [keyword, setKeyword] = useState(value.keyword);
  const set = (patch: Partial<EvidenceFilterValue>) => onChange({ ...value, ...patch });
  const full = md ? undefined : { width: '100%' };

  return (
    <div className="evidence-filters">
      {showDateRange ? (
        <DatePicker.RangePicker
          value={value.range}
          onChange={(r) => set({ range: r && r[0] && r[1] ? [r[0], r[1]] : null })}
          style={md ? { width: 260 } : full}
          placeholder={['开始日期', '结束日期']}
          inputReadOnly={!md}
        />
      ) : null}
      {typeOptions.length > 0 ? (
        <Select value={value.type} onChange={(type: number) => set({ type })} options={typeOptions} style={md ? { width: 120 } : full} aria-label={typeLabel} />
      ) : null}
      <Select
        value={value.label || undefined}
        onChange={(label?: string) => set({ label: label ?? '' })}
        options={labels.map((l) => ({ value: l, label: l }))}
        placeholder="全部标签"
        allowClear
        showSearch
        style={md ? { width: 160 } : full}
        aria-label="标签"
        notFoundContent="暂无标签"
      />
      <Input.Search
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(k) => set({ keyword: k.trim() })}
        placeholder={keywordPlaceholder}
        maxLength={KEYWORD_MAX}
        allowClear
        enterButton="搜索"
        style={md ? { width: 280 } : full}
      />
      <Button
        onClick={() => {
          setKeyword('');
          onChange(empty);
        }}
        block={!md}
      >
        重置
      </Button>
    </div>
  );
}
