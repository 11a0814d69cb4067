import { Link } from "./Link";
import type { HomeCard, InfoSection } from "../lib/api/pages";

/** A card as the home pages' loaders send it (host/pages/home.rs). */
export type InfoCard = HomeCard;

export type { InfoSection };

/** Info-card sections; a card opens its modal route /home/modal/{id}. Backgrounds cycle by order modulo 3 (spec §9). */
export function InfoSections({ sections }: { sections: InfoSection[] }) {
  if (!sections.length) return null;
  return (
    <>
      {sections.map((s, i) => {
        // An untitled section's cards head themselves, so headings never skip a level.
        const CardHeading = s.title ? "h3" : "h2";
        return (
          <section key={s.id} className={`info-section tone-${i % 3}`} aria-labelledby={s.title ? `info-${s.id}` : undefined}>
            {s.title && <h2 id={`info-${s.id}`}>{s.title}</h2>}
            <ul className="card-grid">
              {(s.cards ?? []).map((c, j) => (
                <li key={c.id}>
                  <Link to={`/home/modal/${encodeURIComponent(c.id)}`} className="card info-card">
                    {/* The first card's image is in the first screen: fetched at once, the rest lazily
                        (<picture>: see ui/Carousel on React's preload link). */}
                    {c.imageUrl &&
                      (i === 0 && j === 0 ? (
                        <picture>
                          <img src={c.imageUrl} alt="" width={500} fetchPriority="high" decoding="async" />
                        </picture>
                      ) : (
                        <img src={c.imageUrl} alt="" width={500} loading="lazy" decoding="async" />
                      ))}
                    <CardHeading className="info-card-title">{c.title}</CardHeading>
                    {c.summary && <p>{c.summary}</p>}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
