const labels = {
  draft: ['Disiapkan', 'pending'],
  upcoming: ['Akan datang', 'pending'],
  open: ['Sedang berlangsung', 'ok'],
  closed: ['Selesai', 'neutral'],
  published: ['Hasil diumumkan', 'neutral'],
  archived: ['Diarsipkan', 'neutral'],
} as const;

/** The state of an election in words. */
export function PhaseBadge({ phase }: { phase: keyof typeof labels }) {
  const [label, tone] = labels[phase];
  return <span className={`badge badge-${tone}`}>{label}</span>;
}
