import type { Metrics } from '../runtime/prometheus.ts';
import type { Mailer } from './mailer.ts';

/** The mailer, with every mail it hands on or fails to counted in the metrics. */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mails.inc({ outcome: 'sent' });
      } catch (err) {
        metrics.mails.inc({ outcome: 'failed' });
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}
