import { PageHero } from "@/components/ui/page-hero";
import { getHome } from "@/lib/content";

export default function HomePage() {
  const home = getHome();
  return <PageHero title={home.hero.headline} intro={home.hero.intro} />;
}
