import Fuse from 'fuse.js';
import { isConfirmation, isRefusal } from '../../domain/intent';
import type { ToolInput, ToolName, ToolOutput } from '../../tools/contract';
import type { AnswerEngine, ChatTurn, EngineAnswer, EngineRequest } from '../types';
import { day, list, money, plural, size } from './format';
import { amountIn, detectIntent, isFollowUp, normalise, stepIn, type Intent } from './intents';
import { parseDay, parsePeriod, shift, financialYear, type Period } from './periods';

/**
 * The offline answering engine: no model and no network. It reads what the user asks (intent,
 * period, category or merchant), calls the registry's tools as the user, and answers with the
 * figures those tools returned, naming the tools it used. Follow-ups ("and the month before?")
 * reuse the previous question kept in the turn's state; an ambiguous name is asked back; a
 * write is proposed first and made only when the next message confirms it.
 */

interface Subject {
  categoryId?: string;
  categoryName?: string;
  merchant?: string;
}

interface Pending {
  tool: 'create_transaction' | 'create_expense' | 'create_category' | 'create_rule' | 'categorize';
  input: Record<string, unknown>;
  /** categorize: the suggestions to apply. */
  items?: { transactionId: string; categoryId: string; categoryName: string }[];
  summary: string;
}

interface State extends Record<string, unknown> {
  intent?: Intent;
  period?: Period;
  subject?: Subject;
  pending?: Pending;
  /** Asked back: the options offered, and the question to finish once one is chosen. */
  choices?: { options: Subject[]; intent: Intent; period?: Period };
}

class Session {
  readonly used: ToolName[] = [];
  private categoryList?: ToolOutput<'list_categories'>['categories'];

  constructor(readonly req: EngineRequest) {}

  async call<N extends ToolName>(name: N, input: ToolInput<N>): Promise<ToolOutput<N>> {
    if (!this.used.includes(name)) this.used.push(name);
    return this.req.tools.call(name, input);
  }

  money(amount: string): string {
    return money(amount, this.req.currency);
  }

  async categories() {
    this.categoryList ??= (await this.call('list_categories', {})).categories;
    return this.categoryList;
  }
}

const STOP = new Set(
  "how much did i do we spend spent spending on for at in the a an my me of to from with this last that what was were is are and or total much many times money cost costs paid pay buy bought month months year years week weeks day days quarter financial fiscal since so far show list find all transactions transaction expenses expense purchases payments please about whats what's tell give past previous current today yesterday q1 q2 q3 q4 between until count number often largest biggest most expensive top highest first latest recent times were did made any have has there get got".split(
    ' ',
  ),
);
const MONTH_WORDS =
  /^(jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december|\d+|\$?\d+(\.\d+)?)$/;

/** The words of a question that could name a category or merchant. */
function subjectWords(message: string): string[] {
  return normalise(message)
    .replace(/[^\p{L}\p{N}&' ]+/gu, ' ')
    .split(' ')
    .filter((w) => w && !STOP.has(w) && !MONTH_WORDS.test(w));
}

/** The phrase after "at", "from" or "with": where a merchant is named. */
function merchantPhrase(message: string): string | undefined {
  const m = /\b(?:at|from|with|to)\s+([\p{L}\p{N}&'.-]+(?:\s+[\p{L}\p{N}&'.-]+){0,2})/iu.exec(
    message,
  );
  if (!m) return undefined;
  const words = m[1]
    .split(/\s+/)
    .filter((w) => !STOP.has(w.toLowerCase()) && !MONTH_WORDS.test(w.toLowerCase()));
  return words.length ? words.join(' ') : undefined;
}

async function findSubject(
  s: Session,
  message: string,
): Promise<Subject | { choices: Subject[] } | undefined> {
  const words = subjectWords(message);
  if (!words.length) return undefined;
  const categories = await s.categories();
  const fuse = new Fuse(categories, {
    keys: ['name'],
    includeScore: true,
    threshold: 0.34,
    ignoreLocation: true,
  });
  const grams: string[] = [];
  for (let n = Math.min(3, words.length); n >= 1; n--)
    for (let i = 0; i + n <= words.length; i++) grams.push(words.slice(i, i + n).join(' '));
  let best: { id: string; name: string; score: number }[] = [];
  for (const g of grams) {
    if (g.length < 3) continue;
    for (const r of fuse.search(g)) {
      const score = r.score ?? 1;
      best.push({ id: r.item.id, name: r.item.name, score });
    }
  }
  const phrase = merchantPhrase(message);
  best = best.sort((a, b) => a.score - b.score);
  const top = best[0];
  // A merchant named after "at": the merchant wins unless the words are a category's name.
  if (phrase && (!top || top.score > 0.05)) {
    const merchant = await findMerchant(s, phrase);
    if (merchant) return { merchant };
  }
  if (top && top.score <= 0.3) {
    const close = [
      ...new Map(best.filter((b) => b.score - top.score < 0.02).map((b) => [b.id, b])).values(),
    ];
    if (close.length > 1 && close.every((c) => c.name.toLowerCase() !== words.join(' ')))
      return {
        choices: close.slice(0, 3).map((c) => ({ categoryId: c.id, categoryName: c.name })),
      };
    return { categoryId: top.id, categoryName: top.name };
  }
  const merchant = await findMerchant(s, phrase ?? words.join(' '));
  return merchant ? { merchant } : undefined;
}

/**
 * A merchant the user has paid: first a word of the phrase as it is written (one cheap search
 * the ledger answers with a count), then, for a misspelling, fuzzily among the merchants of the
 * last 180 days ("woolworth" → "Woolworths").
 */
async function findMerchant(s: Session, phrase: string): Promise<string | undefined> {
  const words = phrase.split(/\s+/).filter((w) => w.length >= 3 && !STOP.has(w.toLowerCase()));
  for (const word of words.slice(0, 3)) {
    const { count } = await s.call('search_transactions', { query: word, limit: 1 });
    if (count > 0) return word;
  }
  const to = s.req.now.toISOString().slice(0, 10);
  const from = new Date(s.req.now.getTime() - 180 * 86_400_000).toISOString().slice(0, 10);
  const { groups } = await s.call('spending_summary', {
    from,
    to,
    groupBy: 'merchant',
    limit: 100,
  });
  if (!groups.length) return undefined;
  const tokens = [
    ...new Set(
      groups.flatMap((g) => g.name.split(/[\s*/#-]+/).filter((w) => /\p{L}{3,}/u.test(w))),
    ),
  ];
  const fuse = new Fuse(tokens, { includeScore: true, threshold: 0.3 });
  for (const word of words) {
    const hit = fuse.search(word)[0];
    if (hit) return hit.item;
  }
  return undefined;
}

const defaultPeriod = (s: Session): Period =>
  parsePeriod('this month', s.req.now, s.req.countryCode)!;

function previousState(history: ChatTurn[]): State {
  const last = [...history].reverse().find((t) => t.role === 'assistant');
  return (last?.state as State | undefined) ?? {};
}

function periodText(p: Period): string {
  const custom = p.unit === 'custom' || p.unit === 'week' || p.unit === 'day';
  return custom && !/^(today|yesterday|this week|last week|since|the last)/.test(p.label)
    ? `from ${day(p.from)} to ${day(p.to)}`
    : p.unit === 'month' || p.unit === 'quarter' || p.unit === 'year'
      ? `in ${p.label}`
      : p.label.startsWith('financial')
        ? `in the ${p.label}`
        : p.label;
}

const subjectText = (subject?: Subject) =>
  subject?.categoryName
    ? ` on ${subject.categoryName}`
    : subject?.merchant
      ? ` at ${subject.merchant}`
      : '';

async function spendAnswer(
  s: Session,
  intent: Intent,
  period: Period,
  subject: Subject | undefined,
): Promise<string> {
  const type = intent.kind === 'income' ? 'income' : 'expense';
  const groupBy =
    subject?.categoryId || intent.kind === 'breakdown' || !subject ? 'category' : 'merchant';
  const out = await s.call('spending_summary', {
    from: period.from,
    to: period.to,
    groupBy,
    type,
    categoryId: subject?.categoryId,
    merchant: subject?.merchant,
  });
  const when = periodText(period);
  if (intent.kind === 'breakdown') {
    if (!out.count) return `I found no spending ${when}.`;
    const top = out.groups.slice(0, intent.limit ?? 5);
    return `You spent ${s.money(out.total)} ${when} across ${plural(out.count, 'transaction')}. By category:\n${list(
      top.map((g) => `${g.name}: ${s.money(g.total)} (${plural(g.count, 'transaction')})`),
    )}`;
  }
  if (intent.kind === 'income')
    return out.count
      ? `You received ${s.money(out.total)}${subjectText(subject)} ${when} (${plural(out.count, 'payment')}).`
      : `I found no income${subjectText(subject)} ${when}.`;
  if (intent.kind === 'count')
    return `You made ${plural(out.count, 'payment')}${subjectText(subject)} ${when}, ${s.money(out.total)} in all.`;
  if (!out.count) return `I found no spending${subjectText(subject)} ${when}.`;
  const top =
    !subject && out.groups.length > 1
      ? ` The most went to ${out.groups
          .slice(0, 3)
          .map((g) => `${g.name} (${s.money(g.total)})`)
          .join(', ')}.`
      : '';
  return `You spent ${s.money(out.total)}${subjectText(subject)} ${when} (${plural(out.count, 'transaction')}).${top}`;
}

export function createOfflineEngine(): AnswerEngine {
  return {
    async answer(req: EngineRequest): Promise<EngineAnswer> {
      const s = new Session(req);
      const prev = previousState(req.history);
      const done = (content: string, state?: State): EngineAnswer => ({
        content,
        toolsUsed: s.used,
        state,
      });

      // A write proposed in the last answer: made now if confirmed, dropped if refused.
      if (prev.pending) {
        if (isConfirmation(req.message)) return done(await commit(s, prev.pending));
        if (isRefusal(req.message)) return done('OK, I have not changed anything.');
      }
      // An answer to a question asked back ("did you mean Groceries or Dining out?").
      if (prev.choices) {
        const fuse = new Fuse(prev.choices.options, {
          keys: ['categoryName', 'merchant'],
          includeScore: true,
          threshold: 0.4,
        });
        const pick = /\bfirst\b|^1$/.test(normalise(req.message))
          ? prev.choices.options[0]
          : /\bsecond\b|^2$/.test(normalise(req.message))
            ? prev.choices.options[1]
            : fuse.search(req.message)[0]?.item;
        if (pick)
          return answerFor(s, prev.choices.intent, prev.choices.period ?? defaultPeriod(s), pick);
      }

      let intent = detectIntent(req.message, req.assetUrls.length > 0);
      let period = parsePeriod(req.message, req.now, req.countryCode);
      let subject: Subject | undefined;
      const followUp = isFollowUp(req.message) && prev.intent;
      if (followUp && prev.intent) {
        const step = stepIn(req.message);
        // Keep the last question; change what this message names.
        if (intent.kind === 'spend' || intent.kind === 'count') intent = prev.intent;
        if (!period && prev.period)
          period = step ? shift(prev.period, step, req.countryCode) : prev.period;
        const named =
          step &&
          subjectWords(req.message).every((w) =>
            /^(before|after|previous|next|one|and|the)$/.test(w),
          )
            ? undefined
            : await findSubject(s, req.message);
        if (named && 'choices' in named) return askBack(s, named.choices, intent, period);
        subject = named ?? prev.subject;
      }
      if (!followUp && ['spend', 'count', 'search', 'income', 'largest'].includes(intent.kind)) {
        const named = await findSubject(s, req.message);
        if (named && 'choices' in named) return askBack(s, named.choices, intent, period);
        subject = named;
      }
      return answerFor(s, intent, period, subject);
    },
  };
}

function askBack(s: Session, options: Subject[], intent: Intent, period?: Period): EngineAnswer {
  const names = options.map((o) => o.categoryName ?? o.merchant ?? '');
  return {
    content: `Did you mean ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}?`,
    toolsUsed: s.used,
    state: { choices: { options, intent, period } },
  };
}

async function answerFor(
  s: Session,
  intent: Intent,
  period: Period | undefined,
  subject?: Subject,
): Promise<EngineAnswer> {
  const req = s.req;
  const state: State = { intent, period, subject };
  const answer = (content: string, extra: Partial<State> = {}): EngineAnswer => ({
    content,
    toolsUsed: s.used,
    state: { ...state, ...extra },
  });
  switch (intent.kind) {
    case 'greeting':
      return answer(
        'I can answer questions about your own transactions — for example “How much did I spend on groceries last month?”, “What were my largest expenses this year?”, “Which bills are due?”, “How much GST is in $220?”, “Is a laptop deductible?” — read a receipt you upload, and add expenses or categorise transactions once you confirm.',
      );
    case 'receipt':
      return receiptAnswer(s, answer);
    case 'gst_calculate': {
      const out = await s.call('gst_calculate', {
        amount: intent.amount!,
        inclusive: !intent.exclusive,
      });
      const rate = `${(Number(out.rate) * 100).toFixed((Number(out.rate) * 100) % 1 ? 2 : 0)}%`;
      return answer(
        intent.exclusive
          ? `${s.money(out.net)} plus GST at ${rate} is ${s.money(out.gross)} (GST ${s.money(out.gst)}).`
          : `${s.money(out.gross)} includes ${s.money(out.gst)} GST at ${rate}; the amount before GST is ${s.money(out.net)}.`,
      );
    }
    case 'gst_report': {
      const p = period ?? financialYear(req.countryCode, req.now);
      const out = await s.call('gst_report', { from: p.from, to: p.to });
      const net = Number(out.netGst);
      return answer(
        `GST ${periodText(p)}: collected ${s.money(out.gstCollected)}, paid ${s.money(out.gstPaid)}; ${
          net >= 0 ? `you owe ${s.money(out.netGst)}` : `you are owed ${s.money(size(out.netGst))}`
        }.`,
        { period: p },
      );
    }
    case 'deductions_report': {
      const p = period ?? financialYear(req.countryCode, req.now);
      const out = await s.call('deductions_report', { from: p.from, to: p.to });
      if (!out.count)
        return answer(`I found no deductible expenses ${periodText(p)}.`, { period: p });
      return answer(
        `Your deductible expenses ${periodText(p)} come to ${s.money(out.total)} (${plural(out.count, 'item')}):\n${list(
          out.byCategory.slice(0, 8).map((c) => `${c.name}: ${s.money(c.total)}`),
        )}`,
        { period: p },
      );
    }
    case 'deductible': {
      const thing = req.message
        .replace(
          /\b(is|are|can i|could i|would|be|a|an|the|my|tax|deductible|claim|claimable|write off|for|it|this|that|\?)\b/gi,
          ' ',
        )
        .replace(/[$€£]?\d+(\.\d+)?/g, ' ')
        .replace(/[?!.]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!thing)
        return answer(
          'What is the expense you want to check? For example “Is a $1,200 laptop for work deductible?”',
        );
      const out = await s.call('analyze_deduction', { description: thing, amount: intent.amount });
      return answer(
        `${out.isTaxDeductible ? 'Likely yes' : 'Probably not'}: ${thing} — ${out.reasoning}${
          out.isTaxDeductible
            ? ` (${out.taxCategory}, ${out.businessUsePercentage}% business use)`
            : ''
        }. This is general information, not tax advice.`,
      );
    }
    case 'bills_due': {
      const out = await s.call('bills_due', { days: intent.days });
      if (!out.bills.length)
        return answer(`No unpaid bills are due in the next ${intent.days ?? 30} days.`);
      return answer(
        `${plural(out.bills.length, 'bill')} due in the next ${intent.days ?? 30} days, ${s.money(out.total)} in all:\n${list(
          out.bills.map(
            (b) =>
              `${b.name}: ${s.money(b.amount)} due ${day(b.dueDate)}${b.status === 'overdue' ? ' (overdue)' : ''}`,
          ),
        )}`,
      );
    }
    case 'bill_patterns': {
      const out = await s.call('bill_patterns', {});
      if (!out.patterns.length)
        return answer('I found no recurring payments in your transactions yet.');
      return answer(
        `Recurring payments I found:\n${list(
          out.patterns
            .slice(0, 10)
            .map(
              (p) =>
                `${p.merchant}: ${s.money(size(p.amount))} ${p.frequency}${p.nextDate ? `, next about ${day(p.nextDate)}` : ''}`,
            ),
        )}`,
      );
    }
    case 'categorize_uncategorized':
      return categorizeProposal(s, answer);
    case 'create_category': {
      const name =
        /\b(?:called|named)\s+["“]?([^"”?.!]+)/i.exec(req.message)?.[1]?.trim() ??
        /\bcategory\s+["“]?([^"”?.!]+)/i.exec(req.message)?.[1]?.trim();
      if (!name) return answer('What should the new category be called?');
      return answer(`I’ll create the category “${name}”. Shall I go ahead?`, {
        pending: {
          tool: 'create_category',
          input: { name, type: 'expense' },
          summary: `created the category “${name}”`,
        },
      });
    }
    case 'create_rule':
      return ruleProposal(s, answer);
    case 'add_transaction':
      return addProposal(s, intent, answer);
    case 'list_categories': {
      const categories = await s.categories();
      return answer(
        `Your categories (${categories.length}): ${categories.map((c) => c.name).join(', ')}.`,
      );
    }
    case 'list_rules': {
      const out = await s.call('list_rules', {});
      return answer(
        out.rules.length
          ? `Your rules:\n${list(out.rules.map((r) => r.name))}`
          : 'You have no rules yet.',
      );
    }
    case 'list_expenses': {
      const p = period ?? defaultPeriod(s);
      const out = await s.call('list_expenses', { from: p.from, to: p.to, limit: 10 });
      if (!out.count) return answer(`You recorded no expenses ${periodText(p)}.`, { period: p });
      return answer(
        `${plural(out.count, 'expense')} ${periodText(p)}, ${s.money(out.total)} in all:\n${list(
          out.expenses.map((e) => `${day(e.date)} ${e.description}: ${s.money(e.amount)}`),
        )}`,
        { period: p },
      );
    }
    case 'largest':
    case 'search': {
      const p = period ?? (intent.kind === 'largest' ? defaultPeriod(s) : undefined);
      const out = await s.call('search_transactions', {
        from: p?.from,
        to: p?.to,
        categoryId: subject?.categoryId,
        query: subject?.merchant,
        type: intent.kind === 'largest' ? 'expense' : undefined,
        sort: intent.kind === 'largest' ? 'amount_asc' : 'date_desc',
        limit: intent.limit ?? (intent.kind === 'largest' ? 5 : 10),
      });
      const when = p ? ` ${periodText(p)}` : '';
      if (!out.items.length)
        return answer(`I found no transactions${subjectText(subject)}${when}.`, { period: p });
      const head =
        intent.kind === 'largest'
          ? `Your ${plural(out.items.length, 'largest expense')}${subjectText(subject)}${when}:`
          : `${plural(out.count, 'transaction')}${subjectText(subject)}${when}, ${s.money(size(out.total))} in all${out.count > out.items.length ? ` (the latest ${out.items.length})` : ''}:`;
      return answer(
        `${head}\n${list(out.items.map((t) => `${day(t.date)} ${t.description}: ${s.money(size(t.amount))}${t.categoryName ? ` (${t.categoryName})` : ''}`))}`,
        { period: p },
      );
    }
    case 'cashflow': {
      const p = period ?? defaultPeriod(s);
      const out = await s.call('cashflow', { from: p.from, to: p.to, interval: 'month' });
      return answer(
        `${periodText(p)[0].toUpperCase()}${periodText(p).slice(1)}: income ${s.money(out.income)}, spending ${s.money(out.expenses)}, net ${s.money(out.net)}.`,
        { period: p },
      );
    }
    case 'income':
    case 'breakdown':
    case 'count':
    case 'spend': {
      const p = period ?? defaultPeriod(s);
      return answer(await spendAnswer(s, intent, p, subject), { period: p });
    }
  }
}

async function receiptAnswer(
  s: Session,
  answer: (c: string, e?: Partial<State>) => EngineAnswer,
): Promise<EngineAnswer> {
  const assetUrl = s.req.assetUrls[0];
  if (!assetUrl) return answer('Attach the receipt (upload it first) and ask again.');
  const { extracted, candidates } = await s.call('analyze_receipt', { assetUrl });
  const facts = [
    extracted.merchant && `from ${extracted.merchant}`,
    extracted.dateISO && `dated ${day(extracted.dateISO)}`,
    extracted.total && `total ${s.money(extracted.total)}`,
    extracted.tax && `tax ${s.money(extracted.tax)}`,
    extracted.tip && `tip ${s.money(extracted.tip)}`,
  ].filter(Boolean);
  if (!facts.length) return answer('I could not read a total, date or merchant on that file.');
  const match = candidates[0];
  let text = `The receipt is ${facts.join(', ')}.`;
  if (match)
    text += ` It looks like your ${match.entityType} of ${s.money(size(match.amount))} on ${day(match.date)}.`;
  const wantsExpense = /\b(add|record|log|save|create|enter)\b/i.test(s.req.message);
  if (wantsExpense && extracted.total) {
    const input = {
      date: extracted.dateISO ?? s.req.now.toISOString().slice(0, 10),
      description: extracted.merchant ?? 'Receipt',
      amount: extracted.total,
      assetUrl,
    };
    return answer(`${text} Shall I add it as an expense of ${s.money(extracted.total)}?`, {
      pending: {
        tool: 'create_expense',
        input,
        summary: `added the expense of ${s.money(extracted.total)}`,
      },
    });
  }
  return answer(text);
}

async function addProposal(
  s: Session,
  intent: Intent,
  answer: (c: string, e?: Partial<State>) => EngineAnswer,
): Promise<EngineAnswer> {
  const amount = intent.amount ?? amountIn(s.req.message);
  if (!amount)
    return answer('How much was it? For example “Add $12.50 for lunch at Grill’d yesterday”.');
  const date = parseDay(s.req.message, s.req.now) ?? s.req.now.toISOString().slice(0, 10);
  const description =
    s.req.message
      .replace(
        /\b(please|can you|could you|add|record|log|enter|save|create|put in|book|note|an?|the|expense|transaction|purchase|payment|income|of|for|on|yesterday|today|i|spent|paid|received)\b/gi,
        ' ',
      )
      .replace(/(?:[$€£]\s?)?\d[\d,]*(?:\.\d{1,2})?/g, ' ')
      .replace(/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/gi, ' ')
      .replace(/[?!.,]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || (intent.income ? 'Income' : 'Expense');
  const named = await findSubject(s, description);
  const category = named && !('choices' in named) && named.categoryId ? named : undefined;
  const type = intent.income ? 'income' : 'expense';
  const input = { date, description, amount, type, categoryId: category?.categoryId };
  const what = `${type === 'income' ? 'income' : 'an expense'} of ${s.money(amount)} for “${description}” on ${day(date)}${category ? ` in ${category.categoryName}` : ''}`;
  return answer(`I’ll add ${what}. Shall I go ahead?`, {
    pending: { tool: 'create_transaction', input, summary: `added ${what}` },
  });
}

async function categorizeProposal(
  s: Session,
  answer: (c: string, e?: Partial<State>) => EngineAnswer,
): Promise<EngineAnswer> {
  const { items, count } = await s.call('search_transactions', {
    category: 'uncategorized',
    limit: 25,
  });
  if (!items.length) return answer('All your transactions have a category.');
  const { suggestions } = await s.call('classify_transactions', {
    transactionIds: items.map((t) => t.id),
  });
  const sure = suggestions.filter((x) => x.categoryId && x.confidence >= 0.5);
  if (!sure.length)
    return answer(
      `You have ${plural(count, 'uncategorised transaction')}, but I am not confident enough to suggest categories for them.`,
    );
  const byId = new Map(items.map((t) => [t.id, t]));
  const lines = sure.map(
    (x) =>
      `${byId.get(x.transactionId)?.description ?? x.transactionId} → ${x.categoryName} (${Math.round(x.confidence * 100)}%)`,
  );
  return answer(
    `You have ${plural(count, 'uncategorised transaction')}. I suggest:\n${list(lines)}\nShall I apply ${sure.length === 1 ? 'it' : `these ${sure.length}`}?`,
    {
      pending: {
        tool: 'categorize',
        input: {},
        items: sure.map((x) => ({
          transactionId: x.transactionId,
          categoryId: x.categoryId!,
          categoryName: x.categoryName ?? '',
        })),
        summary: `categorised ${plural(sure.length, 'transaction')}`,
      },
    },
  );
}

async function ruleProposal(
  s: Session,
  answer: (c: string, e?: Partial<State>) => EngineAnswer,
): Promise<EngineAnswer> {
  const m =
    /\b(?:put|file|categori[sz]e|move|mark)\s+["“]?(.+?)["”]?\s+(?:in|into|as|under|to)\s+["“]?(.+?)["”]?[?.!]*$/i.exec(
      s.req.message,
    ) ?? /["“](.+?)["”]\s*(?:→|->|=>|to|in|as)\s*["“]?(.+?)["”]?[?.!]*$/i.exec(s.req.message);
  if (!m)
    return answer(
      'Tell me which text and which category, for example “Always put Uber in Transport”.',
    );
  const contains = m[1]
    .replace(
      /\b(always|payments? (from|to)|transactions? (from|to|with)|anything (from|with))\b/gi,
      '',
    )
    .trim();
  const categories = await s.categories();
  const hit = new Fuse(categories, { keys: ['name'], includeScore: true, threshold: 0.4 }).search(
    m[2],
  )[0]?.item;
  if (!hit)
    return answer(
      `I could not find a category called “${m[2]}”. Your categories: ${categories.map((c) => c.name).join(', ')}.`,
    );
  return answer(
    `I’ll create a rule: transactions containing “${contains}” go to ${hit.name}. Shall I go ahead?`,
    {
      pending: {
        tool: 'create_rule',
        input: { name: `${contains} → ${hit.name}`, contains, categoryId: hit.id },
        summary: `created the rule “${contains}” → ${hit.name}`,
      },
    },
  );
}

async function commit(s: Session, pending: Pending): Promise<string> {
  switch (pending.tool) {
    case 'create_transaction': {
      const out = await s.call(
        'create_transaction',
        pending.input as ToolInput<'create_transaction'>,
      );
      return `Done: I ${pending.summary} (id ${out.transaction.id}).`;
    }
    case 'create_expense': {
      const out = await s.call('create_expense', pending.input as ToolInput<'create_expense'>);
      return `Done: I ${pending.summary} on ${day(out.expense.date)}, with the receipt attached.`;
    }
    case 'create_category': {
      const out = await s.call('create_category', pending.input as ToolInput<'create_category'>);
      return `Done: I created the category “${out.category.name}”.`;
    }
    case 'create_rule': {
      await s.call('create_rule', pending.input as ToolInput<'create_rule'>);
      return `Done: I ${pending.summary}.`;
    }
    case 'categorize': {
      for (const item of pending.items ?? [])
        await s.call('categorize_transaction', {
          transactionId: item.transactionId,
          categoryId: item.categoryId,
        });
      return `Done: I ${pending.summary}.`;
    }
  }
}
