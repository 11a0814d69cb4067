export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffSchedulePage } from "../../lib/api/pages";
import { ScheduleEditor, type ScheduleTexts } from "../../ui/ScheduleEditor";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

const TEXTS: ScheduleTexts = {
  weekly: "staff.schedule.weekly",
  none: "staff.schedule.none",
  addWeekly: "staff.schedule.addWeekly",
  addDay: "staff.schedule.addDay",
  opens: "staff.schedule.opens",
  closes: "staff.schedule.closes",
  slotMinutes: "staff.schedule.slotMinutes",
  capacity: "staff.schedule.capacity",
};

const ERRORS: Record<string, MessageKey> = {
  overlaps: "staff.schedule.error.overlaps",
  slotTooLong: "staff.schedule.error.slotTooLong",
  closesBeforeOpens: "staff.schedule.error.closesBeforeOpens",
  belowBooked: "staff.schedule.error.belowBooked",
  inPast: "staff.schedule.error.inPast",
  endBeforeStart: "staff.schedule.error.endBeforeStart",
  outOfRange: "staff.schedule.error.outOfRange",
};

const DONE: Record<string, MessageKey> = {
  add: "staff.schedule.done.add",
  delete: "staff.schedule.done.delete",
  horizon: "staff.schedule.done.horizon",
  close: "staff.schedule.done.close",
  reopen: "staff.schedule.done.reopen",
};

/**
 * /staff/schedule (pantry staff and their food banks' admins): a pantry's weekly hours and one-off
 * days, cut by the server into pickup times for the publishing horizon; closed days with the orders
 * still booked on them. The forms post to host/pages/staff_schedule.rs.
 */
export default function StaffSchedule({ data }: { data: StaffSchedulePage | null }) {
  if (!data?.schedule) return <StaffUnavailable />;
  const s = data.schedule;
  return (
    <ScheduleEditor
      path="/staff/schedule"
      title={t("staff.schedule.title", { pantry: s.pantry.label })}
      owner={{ field: "pantry", id: s.pantry.id, choose: "staff.schedule.pantry", choices: s.pantries }}
      horizonDays={s.horizonDays}
      entries={s.entries}
      closedDays={s.closedDays}
      done={data.done}
      doneTexts={DONE}
      errorTexts={ERRORS}
      texts={TEXTS}
      defaults={{ opens: "09:00", slotMinutes: "30" }}
    />
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.schedule.heading")), description: t("staff.description") };
}
