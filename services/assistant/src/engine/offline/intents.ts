/**
 * What a question asks for, read from the user's own words only (never from tool results, so
 * text in the data cannot steer the engine). Ordered: the first kind that matches wins.
 */
export type IntentKind =
  | 'greeting'
  | 'receipt'
  | 'gst_calculate'
  | 'gst_report'
  | 'deductions_report'
  | 'deductible'
  | 'bills_due'
  | 'bill_patterns'
  | 'categorize_uncategorized'
  | 'create_category'
  | 'create_rule'
  | 'add_transaction'
  | 'list_categories'
  | 'list_rules'
  | 'list_expenses'
  | 'largest'
  | 'cashflow'
  | 'income'
  | 'breakdown'
  | 'count'
  | 'search'
  | 'spend';

export interface Intent {
  kind: IntentKind;
  /** A money amount named in the question ("$110", "45.50"), as a decimal string. */
  amount?: string;
  /** "top 5", "3 largest": how many items to show. */
  limit?: number;
  /** GST: the amount excludes tax ("plus GST", "excl."). */
  exclusive?: boolean;
  /** Days ahead for bills ("in the next 2 weeks"). */
  days?: number;
  /** Income rather than an expense (add_transaction). */
  income?: boolean;
}

const AMOUNT =
  /(?:[$€£]\s?|\b(?:aud|usd|nzd|gbp|eur|cad)\s?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\s*(?:%|days?|weeks?|months?|years?|am|pm|st|nd|rd|th)\b)/i;

export function amountIn(text: string): string | undefined {
  // Years and quarters are not amounts: "in 2025", "Q3".
  const cleaned = text.replace(/\b(19|20)\d{2}\b(?![.,]\d)/g, ' ').replace(/\bq[1-4]\b/gi, ' ');
  const m = AMOUNT.exec(cleaned);
  if (!m) return undefined;
  const whole = m[1].replace(/,/g, '');
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function limitIn(text: string): number | undefined {
  const m =
    /\b(?:top|largest|biggest|last|first)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(\d{1,2}|three|five|ten)\s+(?:largest|biggest|most expensive)\b/i.exec(
      text,
    );
  const word = (m?.[1] ?? m?.[2])?.toLowerCase();
  if (!word) return undefined;
  const n = NUMBER_WORDS[word] ?? Number(word);
  return n >= 1 && n <= 50 ? n : undefined;
}

function daysIn(text: string): number | undefined {
  const m = /\b(?:next|coming|within)\s+(\d{1,3})\s+(day|week|month)s?\b/i.exec(text);
  if (m) return Number(m[1]) * (m[2] === 'week' ? 7 : m[2] === 'month' ? 30 : 1);
  if (/\bthis week\b|\bnext week\b|\bnext 7\b/i.test(text)) return 7;
  if (/\bnext month\b|\bthis month\b/i.test(text)) return 30;
  return undefined;
}

/**
 * Common misspellings folded before matching, so "spnd", "catagorise" or "dedcutible" read as
 * meant; merchants and categories are matched fuzzily elsewhere.
 */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/\bsp[ae]?n[dt]\b|\bspen\b|\bspnet\b|\bspedn\b/g, 'spent')
    .replace(/\bc[ae]t[ae]g[oa]r[iy][sz]e?d?\b/g, (w) =>
      w.endsWith('d') ? 'categorised' : 'categorise',
    )
    .replace(/\buncat[ae]g[oa]r[iy][sz]ed\b/g, 'uncategorised')
    .replace(/\bded[uc]{1,2}t[ia]?ble\b|\bdedcutible\b|\bdeductable\b/g, 'deductible')
    .replace(/\bdedu[ct]+ions?\b/g, 'deductions')
    .replace(/\bgst\b|\bg\.s\.t\.?/g, 'gst')
    .replace(/\bbils\b|\bbillz\b/g, 'bills')
    .replace(/\btransactoins?\b|\btransacitons?\b|\btxns?\b/g, 'transactions')
    .replace(/\bexpences\b|\bexpensses\b/g, 'expenses')
    .replace(/\s+/g, ' ')
    .trim();
}

export function detectIntent(message: string, hasAttachment: boolean): Intent {
  const t = normalise(message);
  const amount = amountIn(t);
  const limit = limitIn(t);
  const base = { amount, limit };

  if (
    /^(hi|hello|hey|g'?day|good (morning|afternoon|evening)|thanks|thank you|help|what can you do)\b[\s!.?]*$/.test(
      t,
    ) ||
    /\bwhat can you (do|help)\b/.test(t)
  )
    return { kind: 'greeting' };
  if (hasAttachment || /\b(this|the|my) (receipt|invoice|docket)\b/.test(t))
    return { kind: 'receipt' };
  const taxWord = /\b(gst|vat|sales tax|tax)\b/;
  if (
    taxWord.test(t) &&
    amount &&
    /\b(in|on|of|for|incl|inclusive|including|excl|exclusive|excluding|plus|add|on top|calculate|what is|what's|how much)\b/.test(
      t,
    ) &&
    !/\b(report|owe|collected|return|bas|paid this|period|quarter|q[1-4])\b/.test(t)
  )
    return {
      kind: 'gst_calculate',
      amount,
      exclusive: /\b(excl|exclusive|excluding|plus|add|on top|before)\b/.test(t),
    };
  if (
    /\b(gst|vat|bas)\b/.test(t) &&
    /\b(report|owe|collected|return|bas|net|paid|claim back|refund|summary|position)\b/.test(t)
  )
    return { kind: 'gst_report' };
  if (
    /\bdeductions\b|\bdeductible\b.*\b(total|so far|report|list|sum|how much)\b|\b(total|how much)\b.*\bdeductible\b/.test(
      t,
    ) &&
    !/\b(is|are|can i|could i)\b.*\b(deductible|claim)\b/.test(t)
  )
    return { kind: 'deductions_report' };
  if (/\b(deductible|tax deductible|write off|write-off|claim)\b/.test(t))
    return { kind: 'deductible', amount };
  if (
    /\b(recurring|subscriptions?|regular payments?|bill patterns?|repeating)\b/.test(t) &&
    !/\b(add|create)\b/.test(t)
  )
    return { kind: 'bill_patterns' };
  if (/\bbills?\b|\bdue\b|\bupcoming payments?\b/.test(t))
    return { kind: 'bills_due', days: daysIn(t) };
  if (
    /\b(uncategorised|uncategorized|without (a )?category|no category)\b/.test(t) ||
    /\bcategorise (my|the|all|everything|them)\b/.test(t)
  )
    return { kind: 'categorize_uncategorized' };
  if (/\b(create|add|make|new)\b.*\bcategory\b/.test(t) && !amount)
    return { kind: 'create_category' };
  if (
    /\b(rule|always (put|file|categorise)|automatically)\b/.test(t) &&
    /\b(create|add|make|new|always|set up|automatically)\b/.test(t)
  )
    return { kind: 'create_rule' };
  if (
    /\b(add|record|log|enter|save|create|put in|book|note)\b/.test(t) &&
    (amount || /\b(expense|transaction|purchase|payment|income)\b/.test(t)) &&
    !/\bhow (much|many)\b/.test(t)
  )
    return {
      kind: 'add_transaction',
      amount,
      income: /\b(income|earned|received|got paid|salary|invoice paid)\b/.test(t),
    };
  if (/\b(list|show|what are|which)\b.*\bcategories\b|^categories\??$|\bmy categories\b/.test(t))
    return { kind: 'list_categories' };
  if (/\b(list|show|what are|which)\b.*\brules\b|^rules\??$|\bmy rules\b/.test(t))
    return { kind: 'list_rules' };
  if (/\b(largest|biggest|most expensive|top|highest|priciest)\b/.test(t) && !/\bcategor/.test(t))
    return { kind: 'largest', limit };
  if (
    /\b(cash ?flow|net|in and out|income (vs|versus|and) (expenses|spending)|save[ds]?|savings)\b/.test(
      t,
    )
  )
    return { kind: 'cashflow' };
  if (/\b(income|earn|earned|earnings|revenue|salary|received|paid me|made)\b/.test(t))
    return { kind: 'income' };
  if (
    /\b(breakdown|break down|by category|per category|categories|where (did|does|is) (my|the) money|top categories|what did i spend (it|money) on)\b/.test(
      t,
    )
  )
    return { kind: 'breakdown', limit };
  if (/\b(list|show|find|search)\b.*\b(expenses)\b/.test(t) && !/\bhow\b/.test(t))
    return { kind: 'list_expenses' };
  if (/\bhow many\b|\bnumber of\b|\bcount\b|\bhow often\b/.test(t))
    return { kind: 'count', ...base };
  if (/\b(show|list|find|search|which|what)\b.*\b(transactions|payments|purchases)\b/.test(t))
    return { kind: 'search', ...base };
  return { kind: 'spend', ...base };
}

/** "and the month before?", "what about groceries?": a question that leans on the last one. */
export function isFollowUp(message: string): boolean {
  const t = normalise(message);
  return (
    /^(and|what about|how about|same for|and for|and in|and at|and on|what of|ok and|also)\b/.test(
      t,
    ) ||
    /\b(the (month|year|week|quarter) (before|after)|the one before|previous one|before that)\b/.test(
      t,
    )
  );
}

/** -1 for "the month before", +1 for "the month after", 0 otherwise. */
export function stepIn(message: string): number {
  const t = normalise(message);
  if (/\b(before|previous|prior|earlier)\b/.test(t)) return -1;
  if (/\b(after|next|following)\b/.test(t)) return 1;
  return 0;
}
