import { Empty } from './ui';

export interface QuestionAnswers {
  key: string;
  question: string;
  type: string;
  options?: string[] | null;
  answered: number;
  truncated: boolean;
  values: Array<{ value: unknown; count: number }>;
}

interface Bar {
  label: string;
  count: number;
}

const HISTOGRAM_BINS = 10;

/** Yes/no and options: one bar per answer (every option shown, given or not); texts: the most frequent. */
function categoryBars(q: QuestionAnswers): Bar[] {
  const counts = new Map(q.values.map((v) => [typeof v.value === 'string' ? v.value : JSON.stringify(v.value), v.count]));
  if (lowerType(q) === 'boolean') return [{ label: 'yes', count: counts.get('true') ?? 0 }, { label: 'no', count: counts.get('false') ?? 0 }];
  const bars: Bar[] = (q.options ?? []).map((o) => ({ label: o, count: counts.get(o) ?? 0 }));
  for (const [label, count] of counts) if (!bars.some((b) => b.label === label)) bars.push({ label, count });
  return lowerType(q) === 'enum' ? bars : bars.slice(0, 10);
}

/** Numbers: a histogram of equal-width bins over the answers' range (whole-number bins when the range is small). */
function histogram(q: QuestionAnswers): Bar[] {
  const nums = q.values.filter((v) => typeof v.value === 'number') as Array<{ value: number; count: number }>;
  if (nums.length === 0) return [];
  const min = Math.min(...nums.map((n) => n.value));
  const max = Math.max(...nums.map((n) => n.value));
  const integers = nums.every((n) => Number.isInteger(n.value));
  if (integers && max - min < HISTOGRAM_BINS * 2) {
    const bars: Bar[] = [];
    for (let v = min; v <= max; v++) bars.push({ label: String(v), count: nums.filter((n) => n.value === v).reduce((s, n) => s + n.count, 0) });
    return bars;
  }
  const width = (max - min) / HISTOGRAM_BINS || 1;
  const bars: Bar[] = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({ label: `${fmt(min + i * width)}–${fmt(min + (i + 1) * width)}`, count: 0 }));
  for (const n of nums) bars[Math.min(HISTOGRAM_BINS - 1, Math.floor((n.value - min) / width))]!.count += n.count;
  return bars;
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
const lowerType = (q: QuestionAnswers) => q.type.toLowerCase();

/**
 * Each question's answers as bars: yes/no and options as bars, numbers as a histogram. The bars
 * are a table (caption, headers, figures as text), drawn with CSS widths: screen readers read the
 * same numbers that the eye sees, and nothing needs a chart library.
 */
export function AnswerCharts({ questions }: { questions: QuestionAnswers[] }) {
  if (questions.length === 0) return <Empty>This campaign asks no questions.</Empty>;
  return (
    <div className="answer-charts">
      {questions.map((q) => {
        const bars = lowerType(q) === 'number' ? histogram(q) : categoryBars(q);
        const top = Math.max(1, ...bars.map((b) => b.count));
        return (
          <figure key={q.key} className="answer-chart" data-question={q.key}>
            <figcaption>
              <strong>{q.question}</strong> <span className="muted small">({q.key}, {q.answered} answered)</span>
            </figcaption>
            {q.answered === 0 ? (
              <p className="muted">No answers yet.</p>
            ) : (
              <table className="bars">
                <caption className="sr-only">
                  Answers to “{q.question}”{lowerType(q) === 'number' ? ', as a histogram' : ''}
                </caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{lowerType(q) === 'number' ? 'Range' : 'Answer'}</th>
                    <th scope="col">Recipients</th>
                  </tr>
                </thead>
                <tbody>
                  {bars.map((b) => (
                    <tr key={b.label}>
                      <th scope="row">{b.label}</th>
                      <td>
                        <span className="bar" style={{ width: `${(100 * b.count) / top}%` }} aria-hidden="true" />
                        <span className="bar-count">{b.count}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {q.truncated && <p className="muted small">Only the 200 most frequent answers are counted here.</p>}
          </figure>
        );
      })}
    </div>
  );
}
