import { ApiError } from '../api/client';
import type { QuestionInput, QuestionType } from '../gql/graphql';
import { fieldErrorId } from './ui';

/** One question as the form holds it: enum options as the comma-separated text typed. */
export interface QuestionDraft {
  key: string;
  question: string;
  type: 'boolean' | 'number' | 'enum' | 'string';
  options: string;
}

const optionsOf = (d: QuestionDraft) => d.options.split(',').map((o) => o.trim()).filter(Boolean);

/** The REST shape (`question`, lower-case types), as campaigns take them. */
export function restQuestions(drafts: readonly QuestionDraft[]) {
  return drafts.map((q) => ({ key: q.key.trim(), question: q.question.trim(), type: q.type, ...(q.type === 'enum' ? { options: optionsOf(q) } : {}) }));
}

/** The GraphQL QuestionInput shape (`text`, upper-case types). */
export function questionInputs(drafts: readonly QuestionDraft[]): QuestionInput[] {
  return drafts.map((q) => ({ key: q.key.trim(), text: q.question.trim(), type: q.type.toUpperCase() as QuestionType, ...(q.type === 'enum' ? { options: optionsOf(q) } : {}) }));
}

/** Drafts from questions the API returned (GraphQL `Question`). */
export function draftsOf(questions: ReadonlyArray<{ key: string; text: string; type: QuestionType; options?: readonly string[] | null }>): QuestionDraft[] {
  return questions.map((q) => ({ key: q.key, question: q.text, type: q.type.toLowerCase() as QuestionDraft['type'], options: (q.options ?? []).join(', ') }));
}

/** The API names a question's fields as REST does; the form's words for them. */
const PART_WORDS: Record<string, string> = { key: 'key', question: 'question', type: 'answer type', options: 'options' };

/**
 * The API's errors about question `i` (`questions.0.key`, `questions.0.options.1`), worded for the
 * row they are shown in; `i` null: those about the list as a whole (`questions`).
 */
function rowErrors(error: unknown, i: number | null): string[] {
  if (!(error instanceof ApiError)) return [];
  if (i === null) return error.fieldErrors.filter((f) => f.field === 'questions').map((f) => f.message);
  const prefix = `questions.${i}`;
  return error.fieldErrors
    .filter((f) => f.field === prefix || f.field.startsWith(`${prefix}.`))
    .map((f) => {
      const part = f.field.slice(prefix.length + 1).split('.')[0] ?? '';
      return part ? `${PART_WORDS[part] ?? part}: ${f.message}` : f.message;
    });
}

/**
 * The questions the agent asks, in order: key, wording, answer type (and an enum's options) per
 * row, rows added and removed in place. Shared by the campaign and inbound forms. The API's field
 * errors for a question are shown in its row (the row's controls are described by them).
 */
export function QuestionsEditor({ questions, onChange, error, idPrefix, disabled = false }: { questions: QuestionDraft[]; onChange: (next: QuestionDraft[]) => void; error: unknown; idPrefix: string; disabled?: boolean }) {
  const set = (i: number, patch: Partial<QuestionDraft>) => onChange(questions.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const listErrors = rowErrors(error, null);
  return (
    <fieldset className="questions" disabled={disabled}>
      <legend>Questions</legend>
      {questions.length === 0 && <p className="muted small">No questions: the agent says its piece and goodbye.</p>}
      {questions.map((q, i) => {
        const errors = rowErrors(error, i);
        const id = `${idPrefix}-q${i}`;
        const errorId = fieldErrorId(`${idPrefix}-questions.${i}`);
        const described = errors.length ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
        return (
          <div key={i} className="question-row" role="group" aria-label={`Question ${i + 1}`}>
            <div className="field">
              <label htmlFor={`${id}-key`}>Key</label>
              <input id={`${id}-key`} value={q.key} onChange={(e) => set(i, { key: e.target.value })} required pattern="[a-z][a-z0-9_]*" spellCheck={false} autoComplete="off" {...described} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-question`}>Question</label>
              <input id={`${id}-question`} value={q.question} onChange={(e) => set(i, { question: e.target.value })} required autoComplete="off" {...described} />
            </div>
            <div className="field">
              {/* A label of its own (not wrapping the select), so the options' words are not part of its name. */}
              <label htmlFor={`${id}-type`}>Answer type</label>
              <select id={`${id}-type`} value={q.type} onChange={(e) => set(i, { type: e.target.value as QuestionDraft['type'] })}>
                <option value="boolean">yes / no</option>
                <option value="number">number</option>
                <option value="enum">one of options</option>
                <option value="string">free text</option>
              </select>
            </div>
            {q.type === 'enum' && (
              <div className="field">
                <label htmlFor={`${id}-options`}>Options (comma-separated)</label>
                <input id={`${id}-options`} value={q.options} onChange={(e) => set(i, { options: e.target.value })} required autoComplete="off" {...described} />
              </div>
            )}
            <button type="button" onClick={() => onChange(questions.filter((_, j) => j !== i))}>
              Remove question {i + 1}
            </button>
            {errors.length > 0 && (
              <span className="field-error" id={errorId}>
                {errors.join('; ')}
              </span>
            )}
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...questions, { key: `q${questions.length + 1}`, question: '', type: 'boolean', options: '' }])}>
        Add a question
      </button>
      {listErrors.length > 0 && (
        <span className="field-error" id={fieldErrorId(`${idPrefix}-questions`)}>
          {listErrors.join('; ')}
        </span>
      )}
    </fieldset>
  );
}
