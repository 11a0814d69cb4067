// The delivery window picker of a code that unlocks home delivery: the food bank's windows in the
// pantry selector's picker. Its own chunk, loaded only when delivery is offered.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { DeliveryTime, FoodBank } from "../../entities";
import { api } from "../../lib/api";
import { selectDelivery } from "../../state/selection";
import { WindowPicker } from "../../ui/DeliverySwitch";

export default function DeliveryWindows({ foodBank, onClose }: { foodBank: FoodBank; onClose: () => void }) {
  const navigate = useNavigate();
  const [times, setTimes] = useState<DeliveryTime[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    api<DeliveryTime[]>("GET", `/foodbanks/${foodBank.id}/deliverytimes`).then(
      (list) => live && setTimes(list),
      () => {
        if (!live) return;
        setError(true);
        setTimes([]);
      },
    );
    return () => {
      live = false;
    };
  }, [foodBank.id]);
  if (!times) return null;
  return (
    <WindowPicker
      times={times}
      error={error}
      offerPickup={false}
      onClose={onClose}
      onPick={(time) => {
        selectDelivery(time, foodBank);
        navigate("/products");
      }}
    />
  );
}
