/**
 * Filter bar of the evidence lists (spec p1 §2, §7): file type (0 all … 5 other, p1 §9), label,
 * file-name keyword and — on the download page — a date range. Controlled: `value` in, `onChange`
 * out; stacks vertically under 768 px.
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

export function EvidenceFilters({
  value,
  onChange,
  labels,
  showDateRange = false,
}: {
  value: EvidenceFilterValue;
  onChange: (v: EvidenceFilterValue) => void;
  labels: string[];
  showDateRange?: boolean;
}) {
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
      <Select
        value={value.type}
        onChange={(type: number) => set({ type })}
        options={TYPE_OPTIONS}
        style={md ? { width: 120 } : full}
        aria-label="文件类型"
      />
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
        placeholder="搜索文件名或标题"
        maxLength={KEYWORD_MAX}
        allowClear
        enterButton="搜索"
        style={md ? { width: 280 } : full}
      />
      <Button
        onClick={() => {
          setKeyword('');
          onChange(EMPTY_FILTER);
        }}
        block={!md}
      >
        重置
      </Button>
    </div>
  );
}
