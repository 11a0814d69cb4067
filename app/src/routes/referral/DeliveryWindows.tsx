// The delivery window picker of a code that unlocks home delivery: the food bank's windows in the
// pantry selector's picker. Its own chunk, loaded only when delivery is offered.
import { useNavigate } from "../../lib/router";
import type { FoodBank } from "../../entities";
import { loadDeliveryTimes } from "../../lib/api/foodbanks";
import { useData } from "../../lib/useData";
import { selectDelivery } from "../../state/selection";
import { WindowPicker } from "../../ui/DeliverySwitch";

export default function DeliveryWindows({ foodBank, onClose }: { foodBank: FoodBank; onClose: () => void }) {
  const navigate = useNavigate();
  const times = useData(`/foodbanks/${foodBank.id}/deliverytimes`, () => loadDeliveryTimes(foodBank.id));
  if (!times.data && !times.error) return null;
  return (
    <WindowPicker
      times={times.data ?? []}
      error={times.error !== null}
      offerPickup={false}
      onClose={onClose}
      onPick={(time) => {
        selectDelivery(time, foodBank);
        navigate("/products");
      }}
    />
  );
}
