/**
 * Deposits per day over the last 30 days (issue 5 §5), a recharts bar chart. Only the overview chunk
 * imports this file, so recharts stays out of every other page.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DayCount {
  date: string;
  count: number;
}

/** `2026-11-21` → `11-21`. */
const short = (d: string) => d.slice(5);

export function DepositChart({ data, height = 240 }: { data: readonly DayCount[]; height?: number }) {
  return (
    <div className="ov-chart" role="img" aria-label={`近30天存证数量：共 ${data.reduce((s, d) => s + d.count, 0)} 件`}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f0f0f0" />
          <XAxis dataKey="date" tickFormatter={short} tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
          <Tooltip formatter={(v) => [`${String(v)} 件`, '存证']} labelFormatter={(l) => String(l)} />
          <Bar dataKey="count" name="存证" fill="#1f5fbf" radius={[3, 3, 0, 0]} maxBarSize={24} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
