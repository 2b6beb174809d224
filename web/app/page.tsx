import { getSite } from "@/lib/content";

// Next.js only accepts a default export (plus route config) from page files.
export default function HomePage() {
  const site = getSite();
  return (
    <main>
      <h1>
        {site.name}
        <span className="tagline">{site.tagline}</span>
      </h1>
      <p>{site.description}</p>
    </main>
  );
}
