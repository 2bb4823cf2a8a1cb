import { Migration } from '@mikro-orm/migrations';
import { canonicalPhoneNumber } from '../../common/phone';

/**
 * Stored phone numbers in their canonical E.164 form (src/common/phone.ts), so that the
 * do-not-call list, campaign recipients, calls and caller IDs compare as one number whatever
 * form they were written in (+4402071234567 is +442071234567). Only numbers libphonenumber finds
 * possible are rewritten; anything else stays exactly as stored. A suppression whose canonical
 * form is already listed for its organization is the same entry twice: the rewritten duplicate
 * is dropped. Irreversible by nature (the written form is not kept), and harmless to leave
 * applied: down() does nothing.
 */
export class Migration20261126000000_canonical_phone_numbers extends Migration {
  override async up(): Promise<void> {
    const stored = (await this.execute(`
      select number as n from suppressions
      union select to_number from campaign_recipients
      union select to_number from calls
      union select from_number from calls where from_number is not null
      union select jsonb_array_elements_text(numbers) from carrier_connections`)) as Array<{ n: string }>;
    const changes = stored.flatMap(({ n }) => {
      const canonical = canonicalPhoneNumber(n);
      return canonical !== null && canonical !== n ? [{ f: n, t: canonical }] : [];
    });
    if (changes.length > 0) {
      const map = JSON.stringify(changes);
      const mapped = `(select f, t from json_to_recordset(?::json) as m(f text, t text))`;
      await this.execute(
        `delete from suppressions s using ${mapped} m
          where s.number = m.f and exists (select 1 from suppressions c where c.org_id = s.org_id and c.number = m.t)`,
        [map],
      );
      await this.execute(`update suppressions s set number = m.t from ${mapped} m where s.number = m.f`, [map]);
      await this.execute(`update campaign_recipients r set to_number = m.t from ${mapped} m where r.to_number = m.f`, [map]);
      await this.execute(`update calls c set to_number = m.t from ${mapped} m where c.to_number = m.f`, [map]);
      await this.execute(`update calls c set from_number = m.t from ${mapped} m where c.from_number = m.f`, [map]);
    }
    // Caller IDs: in order, each once (two forms of one number become one entry).
    const connections = (await this.execute('select org_id, numbers from carrier_connections')) as Array<{ org_id: string; numbers: string[] }>;
    for (const c of connections) {
      const next = [...new Set(c.numbers.map((n) => canonicalPhoneNumber(n) ?? n))];
      if (JSON.stringify(next) !== JSON.stringify(c.numbers)) {
        await this.execute('update carrier_connections set numbers = ?::jsonb where org_id = ?', [JSON.stringify(next), c.org_id]);
      }
    }
  }

  override async down(): Promise<void> {
    // Nothing to undo: canonical numbers are valid under every earlier version.
  }
}
