export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffDeliverySchedulePage } from "../../lib/api/pages";
import { ScheduleEditor, type ScheduleTexts } from "../../ui/ScheduleEditor";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

const TEXTS: ScheduleTexts = {
  weekly: "staff.delivery.weekly",
  none: "staff.delivery.none",
  addWeekly: "staff.delivery.addWeekly",
  addDay: "staff.delivery.addDay",
  opens: "staff.delivery.opens",
  closes: "staff.delivery.closes",
  slotMinutes: "staff.delivery.slotMinutes",
  capacity: "staff.delivery.capacity",
};

/** The same rules as a pantry's, worded for windows where it matters. */
const ERRORS: Record<string, MessageKey> = {
  overlaps: "staff.schedule.error.overlaps",
  slotTooLong: "staff.delivery.error.slotTooLong",
  closesBeforeOpens: "staff.delivery.error.closesBeforeOpens",
  belowBooked: "staff.delivery.error.belowBooked",
  outOfRange: "staff.schedule.error.outOfRange",
};

const DONE: Record<string, MessageKey> = {
  add: "staff.delivery.done.add",
  delete: "staff.delivery.done.delete",
  horizon: "staff.schedule.done.horizon",
};

/**
 * /staff/delivery-schedule (food bank admins): a delivery program's weekly hours and one-off days,
 * cut by the server into delivery windows (in the food bank's time zone) for the publishing
 * horizon; windows with orders are never moved. The forms post to
 * host/pages/staff_delivery_schedule.rs.
 */
export default function StaffDeliverySchedule({ data }: { data: StaffDeliverySchedulePage | null }) {
  if (data?.noPrograms)
    return (
      <section className="card staff">
        <h1>{t("staff.delivery.heading")}</h1>
        <p>{t("staff.delivery.noPrograms")}</p>
      </section>
    );
  if (!data?.schedule) return <StaffUnavailable />;
  const s = data.schedule;
  return (
    <ScheduleEditor
      path="/staff/delivery-schedule"
      title={t("staff.delivery.title", { program: s.program.name })}
      notice={s.program.isActive ? undefined : t("staff.delivery.inactive")}
      owner={{ field: "program", id: s.program.id, choose: "staff.delivery.program", choices: s.programs.map((p) => ({ id: p.id, label: p.name })) }}
      horizonDays={s.horizonDays}
      entries={s.entries}
      done={data.done}
      doneTexts={DONE}
      errorTexts={ERRORS}
      texts={TEXTS}
      defaults={{ opens: "10:00", slotMinutes: "120" }}
    />
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.delivery.heading")), description: t("staff.description") };
}
